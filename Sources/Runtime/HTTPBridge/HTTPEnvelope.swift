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
    /// `Request-Timeout` (milliseconds), within the waits the bridge allows.
    var timeout: Duration?
    /// `If-Match`: the version the caller last read.
    var ifMatch: Int?
    /// `If-None-Match`: the entity tags the caller holds.
    var ifNoneMatch: [String]

    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!

    /// The token of an `Authorization: Bearer TOKEN` value (the scheme in any case), or nil for any other value.
    static func bearer(_ authorization: String) -> String? {
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, HeaderText.equals(parts[0], lowercase: "bearer"), !parts[1].isEmpty else { return nil }
        return String(parts[1])
    }
    static let requestID = HTTPField.Name("X-Request-Id")!
    static let requestTimeout = HTTPField.Name("Request-Timeout")!

    /// Reads the headers.
    /// - Parameter waits: the waits, in milliseconds, a `Request-Timeout` may ask for.
    /// - Throws: `invalid_argument` for a malformed `Authorization` or `If-Match`, an `Idempotency-Key` over 128
    ///   characters or empty, or a `Request-Timeout` that is not a number of milliseconds within `waits`.
    init(_ headers: HTTPFields, waits: ClosedRange<Int>) throws {
        if let authorization = headers[.authorization] {
            guard let bearer = Self.bearer(authorization) else {
                throw WireError(.unauthenticated, "Authorization must be Bearer TOKEN", field: "Authorization")
            }
            token = bearer
        }
        idempotencyKey = headers[Self.idempotencyKey]
        if let key = idempotencyKey, !(1...128).contains(key.unicodeScalars.count) {
            throw WireError(.invalidArgument, "Idempotency-Key must have 1 to 128 characters", field: "Idempotency-Key")
        }
        requestID = headers[Self.requestID] ?? UUID.random().uuidString.lowercased()
        guard requestID.utf8.count <= 128 else {
            throw WireError(.invalidArgument, "X-Request-Id may have at most 128 bytes", field: "X-Request-Id")
        }
        if let text = headers[Self.requestTimeout] {
            guard let milliseconds = Int(text), waits.contains(milliseconds) else {
                throw WireError(
                    .invalidArgument,
                    "Request-Timeout must be from \(waits.lowerBound) to \(waits.upperBound) milliseconds",
                    field: "Request-Timeout"
                )
            }
            timeout = .milliseconds(milliseconds)
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
    /// The tag of a result whose `version` is `version`.
    static func of(version: JSONValue) -> String? {
        version.intValue.map { "\"\($0)\"" }
    }

    /// What a tag this API gives looks like: a positive version, quoted, maybe weak (`"3"`, `W/"3"`).
    static let pattern = #"^(W/)?"[1-9][0-9]{0,17}"$"#

    /// Whether one of `If-None-Match`'s tags matches `tag`, so a `GET` answers 304 (RFC 9110, section 13.1.2): `*`, or
    /// a tag equal to it by weak comparison (`W/"3"` matches `"3"`).
    static func anyMatches(_ tags: [String], _ tag: String) -> Bool {
        let opaque = weakless(tag)
        return tags.contains { $0 == "*" || weakless($0) == opaque }
    }

    /// A tag without its weakness indicator.
    private static func weakless(_ tag: String) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
    }

    /// The version in a tag that matches ``pattern``.
    static func version(_ tag: String) -> Int? {
        var text = Substring(tag.trimmingCharacters(in: .whitespaces))
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        guard text.count >= 3, text.hasPrefix("\""), text.hasSuffix("\"") else { return nil }
        let digits = text.dropFirst().dropLast()
        guard digits.count <= 18, digits.first != "0", digits.allSatisfy(\.isWholeNumber), digits.allSatisfy(\.isASCII)
        else { return nil }
        return Int(digits)
    }
}
