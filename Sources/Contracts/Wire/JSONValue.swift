/// Any JSON value, kept exactly as it was written.
///
/// Numbers keep their source text (``JSONValue/number(_:)``), so a decimal such as `0.1` or a 30-digit integer
/// is never rounded through `Double`. Literal syntax makes JSON Schemas and test bodies easy to write:
///
/// ```swift
/// let schema: JSONValue = ["type": "object", "required": ["expression"]]
/// ```
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A JSON number as its literal text, for example `"12.50"` or `"1e3"`.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object; keys keep their insertion order.
    case object(JSONObject)
}

/// A JSON object whose keys keep their insertion order.
public struct JSONObject: Sendable, Hashable {
    /// The members in order.
    public private(set) var members: [(key: String, value: JSONValue)]

    /// Creates an object from members in order; a repeated key keeps its last value.
    public init(_ members: [(String, JSONValue)] = []) {
        self.members = []
        for (key, value) in members { self[key] = value }
    }

    /// An object from members already known to have distinct keys, kept in the order given.
    init(orderedUniqueMembers members: [(String, JSONValue)]) {
        self.members = members.map { (key: $0.0, value: $0.1) }
    }

    /// The value for `key`, or `nil`.
    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
        }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }

    /// The members by key (keys are distinct).
    public var dictionary: [String: JSONValue] {
        Dictionary(members.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}

// MARK: - Accessors

extension JSONValue {
    /// The string, when this is a JSON string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as an `Int`, when this is a JSON number that is a whole number in range.
    public var intValue: Int? {
        if case .number(let text) = self { return JSONValueDecoder.wholeNumber(text, as: Int.self) }
        return nil
    }

    /// The object, when this is a JSON object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The elements, when this is a JSON array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The member `key` of an object, or `nil` for anything else.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}
