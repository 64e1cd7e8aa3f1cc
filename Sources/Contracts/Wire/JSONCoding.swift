/// The JSON encoding and decoding every Reckon component uses, so bodies look the same everywhere.
public enum JSONCoding {
    /// Encodes `value` as compact UTF-8 JSON with sorted keys, so replies are byte-for-byte repeatable.
    /// - Throws: `EncodingError`.
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        try JSONValueEncoder.serialized(value)
    }

    /// Decodes `type` from UTF-8 JSON.
    /// - Throws: `DecodingError`.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONValueDecoder.decode(type, from: bytes)
    }

    /// A success reply around a result already encoded as JSON: the same bytes as encoding
    /// `Reply.success(result, id:)`, without decoding the result again.
    /// - Parameter replayed: marks the stored result of an earlier request with the same idempotency key
    ///   (`"replayed":true`, before `result`, so the keys stay sorted).
    public static func successReply(resultJSON: [UInt8], id: String?, replayed: Bool = false) -> [UInt8] {
        var bytes = successReplyOpening(id: id, replayed: replayed, capacity: resultJSON.count + 1)
        bytes += resultJSON
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// Encodes `Reply.success(result, id:)`: the same bytes as ``successReply(resultJSON:id:)`` around
    /// ``encode(_:)``'s, written into one buffer.
    public static func successReply<T: Encodable>(_ result: T, id: String?) throws -> [UInt8] {
        var bytes = successReplyOpening(id: id, replayed: false, capacity: 512)
        try JSONValueEncoder.serialize(result, appendingTo: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// A success reply up to its result: `{"id":…,"ok":true,"result":`, with room for `capacity` more bytes.
    private static func successReplyOpening(id: String?, replayed: Bool, capacity: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity + 32 + (id?.utf8.count ?? 0))
        bytes.append(UInt8(ascii: "{"))
        if let id {
            bytes.append(contentsOf: "\"id\":".utf8)
            JSONValue.writeString(id, to: &bytes)
            bytes.append(UInt8(ascii: ","))
        }
        bytes.append(contentsOf: "\"ok\":true,".utf8)
        if replayed { bytes.append(contentsOf: "\"replayed\":true,".utf8) }
        bytes.append(contentsOf: "\"result\":".utf8)
        return bytes
    }

    /// Encodes an error reply; encoding a ``WireError`` cannot fail, so this never throws.
    public static func errorReply(_ error: WireError, id: String?) -> [UInt8] {
        (try? encode(Reply<JSONValue>.failure(error, id: id))) ?? Array(#"{"ok":false}"#.utf8)
    }
}
