import Foundation
import HTTPTypes
import Hummingbird
import Wire

/// An op's result as an HTTP response: its JSON with no envelope, an `ETag` for an entity with a `version`, a
/// `Link: rel="next"` for a page with a `nextCursor`, `Idempotent-Replayed: true` for a replayed write, and the few
/// results that are files (CSV, iCalendar) in their own media types. The result is read in place and sent as it came
/// (``Wire/JSONMemberScan``): only a file's text is parsed out of it.
struct OpResult {
    let service: String
    let op: String
    let args: JSONValue
    /// The reply's `result`, as the worker wrote it.
    let result: ArraySlice<UInt8>
    /// Whether the op may be reached by `GET`, so a next page can be linked.
    let readable: Bool
    /// Whether the result is the stored one of an earlier request with the same idempotency key.
    let replayed: Bool

    /// A result that is a file: which member holds its text, its media type and its file name.
    private struct FileResult {
        let member: String
        let mediaType: String
        let fileName: @Sendable (JSONValue) -> String
    }

    /// The ops whose result is a file, by `service op`.
    private static let files: [String: FileResult] = [
        "ledger export.csv": FileResult(member: "csv", mediaType: "text/csv; charset=utf-8") { args in
            "\(args["what"]?.stringValue ?? "export").csv"
        },
        "ledger events.ical": FileResult(member: "calendar", mediaType: "text/calendar; charset=utf-8") { _ in
            "calendar.ics"
        },
    ]

    private static let link = HTTPField.Name("Link")!
    /// Marks a replayed answer (draft-ietf-httpapi-idempotency-key-header).
    static let idempotentReplayed = HTTPField.Name("Idempotent-Replayed")!

    /// The media type of an op's successful response.
    static func mediaType(service: String, op: String) -> String {
        files["\(service) \(op)"]?.mediaType ?? "application/json"
    }

    /// The answer to a request in `method`.
    func answer(method: HTTPRequest.Method, envelope: HTTPEnvelope) -> BridgeAnswer {
        var headers: HTTPFields = [HTTPEnvelope.requestID: envelope.requestID]
        if replayed { headers[Self.idempotentReplayed] = "true" }
        if let tag = member("version").flatMap({ try? JSONValue(parsing: $0) }).flatMap(EntityTag.of(version:)) {
            headers[.eTag] = tag
            if method == .get || method == .head, EntityTag.anyMatches(envelope.ifNoneMatch, tag) {
                return BridgeAnswer(status: .notModified, headers: headers)
            }
        }
        if readable, let cursor = string("nextCursor") {
            headers[Self.link] = "<\(nextPage(cursor))>; rel=\"next\""
        }
        let body: ByteBuffer
        if let file = Self.files["\(service) \(op)"], let text = string(file.member) {
            headers[.contentType] = file.mediaType
            headers[.contentDisposition] = "attachment; filename=\"\(file.fileName(args))\""
            body = ByteBuffer(string: text)
        } else {
            headers[.contentType] = "application/json"
            body = ByteBuffer(bytes: result)
        }
        return BridgeAnswer(status: .ok, headers: headers, body: body)
    }

    /// The result's top-level member `key`, as written.
    private func member(_ key: String) -> ArraySlice<UInt8>? {
        result.withUnsafeBytes { JSONMemberScan.range(named: key, in: $0) }.map {
            result[(result.startIndex + $0.lowerBound)..<(result.startIndex + $0.upperBound)]
        }
    }

    /// The result's top-level member `key` when it is a string.
    private func string(_ key: String) -> String? {
        result.withUnsafeBytes { JSONMemberScan.string(named: key, in: $0) }
    }

    /// The `GET` URL of the next page: the same arguments, with `cursor`.
    private func nextPage(_ cursor: String) -> String {
        var members = args.objectValue?.members.filter { $0.key != "cursor" } ?? []
        members.append((key: "cursor", value: .string(cursor)))
        let query = members.map { member -> String in
            let text = member.value.stringValue ?? member.value.jsonText
            return Self.escape(member.key) + "=" + Self.escape(text)
        }
        return "/v1/\(service)/\(op)?" + query.joined(separator: "&")
    }

    private static func escape(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
