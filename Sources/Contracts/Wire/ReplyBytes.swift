/// A reply envelope as the bytes that came (docs/api.md, "Replies"), read in place: what a bridge needs of a reply it
/// passes on, its `ok`, `replayed` and `result`, without building the document. Only a failure, or a success with
/// no result, is parsed.
public struct ReplyBytes: Sendable {
    /// The whole envelope.
    public let bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The `result` as written (`null` when the reply has none), or the reply's `error` thrown. A result is checked
    /// only as far as its brackets and quotes: the workers and gateways that write replies write JSON.
    /// - Throws: ``WireError`` for `{"ok": false}` replies, and `internal` for bytes that are no reply envelope.
    public func result() throws -> ArraySlice<UInt8> {
        let ok = member("ok")
        if ok?.elementsEqual(Self.trueLiteral) == true, let result = member("result") { return result }
        guard ok?.elementsEqual(Self.trueLiteral) == true || ok?.elementsEqual(Self.falseLiteral) == true else {
            throw WireError(.internal, "reply is not a Reckon reply envelope")
        }
        let parsed: JSONValue
        do {
            parsed = try JSONValue(parsing: bytes)
        } catch {
            throw WireError(.internal, "reply is not JSON")
        }
        return try parsed.replyResult().serialized[...]
    }

    /// Whether the reply is the stored one of an earlier request with the same idempotency key (`"replayed": true`).
    public var replayed: Bool { member("replayed")?.elementsEqual(Self.trueLiteral) == true }

    /// The value of the envelope's top-level member `key`, as written.
    private func member(_ key: String) -> ArraySlice<UInt8>? {
        bytes.withUnsafeBytes { JSONMemberScan.range(named: key, in: $0) }.map { bytes[$0] }
    }

    private static let trueLiteral = Array("true".utf8)
    private static let falseLiteral = Array("false".utf8)
    private static let nullLiteral = Array("null".utf8)
}
