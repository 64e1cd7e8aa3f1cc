/// A value that reads itself from a parsed ``JSONValue``, skipping `Codable`'s generic machinery: for the arguments
/// of hot ops, whose decoding shows in a profile. ``JSONValueDecoder`` asks it first.
///
/// ``init(readingJSON:)`` must return `nil` unless it gives exactly what `Decodable` gives for `json`. Anything else
/// (a member of another type, a value it does not handle) returns `nil` and takes the `Decodable` path, so errors
/// and edge cases stay as they are. Give each conforming type a test that compares the two.
public protocol JSONReadable: Decodable {
    /// The value `json` holds, or `nil` to have `Decodable` read it.
    init?(readingJSON json: JSONValue)
}

extension JSONObject {
    /// The string of member `key`: `.some(nil)` when it is absent or `null`, `nil` when it is not a string (so the
    /// caller hands the whole value to `Decodable`, which reports the mismatch).
    public func optionalString(_ key: String) -> String?? {
        switch self[key] {
        case nil, .null?: .some(nil)
        case .string(let text)?: .some(text)
        default: nil
        }
    }

    /// The integer of member `key`, as ``optionalString(_:)`` for strings: only integers written plainly.
    public func optionalInt(_ key: String) -> Int?? {
        switch self[key] {
        case nil, .null?: .some(nil)
        case .number(let text)?: Int(text).map { .some($0) }
        default: nil
        }
    }
}
