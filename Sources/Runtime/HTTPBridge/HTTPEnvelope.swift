import Foundation
import HTTPTypes
import Hummingbird
import Wire

/// The request envelope's parts that travel as HTTP headers (docs/http.md, "Headers").
struct HTTPEnvelope: Sendable {
    /// `Authorization: Bearer …`.
    var token: String?
    /// `Idempotency-Key`.
    var idempotencyKey: String?
    /// `X-Request-Id`, or a fresh one.
    var requestID: String
    /// `Request-Timeout` (milliseconds), bounded by the bridge's longest call.
    var timeout: Duration?
    /// `If-Match`: the version the caller last read.
    var ifMatch: Int?
    /// `If-None-Match`: the entity tags the caller holds.
    var ifNoneMatch: [String]

    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    static let requestID = HTTPField.Name("X-Request-Id")!
    static let requestTimeout = HTTPField.Name("Request-Timeout")!

    /// Reads the headers.
    /// - Throws: `invalid_argument` for a malformed `Authorization`, `Request-Timeout` or `If-Match`.
    init(_ headers: HTTPFields, longestCall: Duration) throws {
        if let authorization = headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else {
                throw WireError(.unauthenticated, "Authorization must be Bearer TOKEN", field: "Authorization")
            }
            token = String(parts[1])
        }
        idempotencyKey = headers[Self.idempotencyKey]
        requestID = headers[Self.requestID] ?? UUID().uuidString.lowercased()
        guard requestID.utf8.count <= 128 else {
            throw WireError(.invalidArgument, "X-Request-Id may have at most 128 bytes", field: "X-Request-Id")
        }
        if let text = headers[Self.requestTimeout] {
            guard let milliseconds = Int(text), milliseconds > 0 else {
                throw WireError(
                    .invalidArgument,
                    "Request-Timeout must be a positive number of milliseconds",
                    field: "Request-Timeout"
                )
            }
            timeout = min(.milliseconds(milliseconds), longestCall)
        }
        if let text = headers[.ifMatch] {
            guard let version = EntityTag.version(text) else {
                throw WireError(.invalidArgument, "If-Match must be an entity tag this API gave", field: "If-Match")
            }
            ifMatch = version
        }
        ifNoneMatch = headers[values: .ifNoneMatch].flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }
}

/// Entity tags of versioned entities: the entity's `version`, quoted (`"3"`).
enum EntityTag {
    /// The tag of a result that carries a `version`.
    static func of(_ result: JSONValue) -> String? {
        result["version"]?.intValue.map { "\"\($0)\"" }
    }

    /// The version in a tag (`"3"`, `W/"3"` or `3`).
    static func version(_ tag: String) -> Int? {
        var text = Substring(tag.trimmingCharacters(in: .whitespaces))
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = text.dropFirst().dropLast() }
        return Int(text)
    }
}
