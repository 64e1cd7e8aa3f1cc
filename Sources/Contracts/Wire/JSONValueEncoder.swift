import Foundation

/// Encodes `Encodable` values straight to JSON text, without Foundation's intermediate representation. A
/// ``JSONWritable`` value at the top writes itself.
///
/// Output matches Foundation's `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`: object keys sorted
/// (by their UTF-8 bytes), whole floating-point values without `.0`, `nil` optionals left out. A `Decimal` is
/// written as its exact digits and a ``JSONValue`` as it is.
enum JSONValueEncoder {
    /// Encodes `value` straight to compact UTF-8 JSON text.
    /// - Throws: `EncodingError.invalidValue` for a non-finite floating-point value or a ``JSONValue`` number
    ///   whose text is not a JSON number.
    static func serialized<T: Encodable>(_ value: T) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        try serialize(value, appendingTo: &output)
        return output
    }

    /// Appends `value`'s JSON to `output`.
    static func serialize<T: Encodable>(_ value: T, appendingTo output: inout [UInt8]) throws {
        if let writable = value as? any JSONWritable {
            var writer = JSONWriter(appendingTo: output)
            output = []
            writable.writeJSON(to: &writer)
            output = writer.bytes
            return
        }
        try box(value, codingPath: []).write(to: &output)
    }

    /// The one place Swift values turn into JSON: scalars directly, everything else through its `encode(to:)`.
    /// The coding path is built only when it is needed: for a nested value or an error.
    static func box<T: Encodable>(_ value: T, codingPath: @autoclosure () -> [any CodingKey]) throws -> EncodedNode {
        if let scalar = try scalar(value, codingPath) { return .value(scalar) }
        let encoder = ValueEncoder(codingPath: codingPath())
        try value.encode(to: encoder)
        return encoder.node ?? .object(ObjectNode())
    }

    /// `value` as JSON when `T` is a scalar Reckon writes itself, else `nil`. Types are compared, not cast, which
    /// keeps the common case free of runtime casts.
    private static func scalar<T>(_ value: T, _ codingPath: () -> [any CodingKey]) throws -> JSONValue? {
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(String.self): .string(reinterpret(value, as: String.self))
        case ObjectIdentifier(Bool.self): .bool(reinterpret(value, as: Bool.self))
        case ObjectIdentifier(Int.self): .number(String(reinterpret(value, as: Int.self)))
        case ObjectIdentifier(Decimal.self): .number(reinterpret(value, as: Decimal.self).description)
        case ObjectIdentifier(Double.self): try number(reinterpret(value, as: Double.self), codingPath: codingPath())
        case ObjectIdentifier(Float.self):
            try number(Double(reinterpret(value, as: Float.self)), codingPath: codingPath())
        case ObjectIdentifier(JSONValue.self):
            try normalized(reinterpret(value, as: JSONValue.self), codingPath: codingPath())
        default: (value as? any FixedWidthInteger).map { .number(String(describing: $0)) }
        }
    }

    /// `json` with its object keys sorted like every other object's, refusing number text that is not JSON.
    private static func normalized(
        _ json: JSONValue,
        codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> JSONValue {
        switch json {
        case .null, .bool, .string: return json
        case .number(let text):
            guard (try? JSONValue(parsing: text)) == json else {
                throw EncodingError.invalidValue(
                    text,
                    .init(codingPath: codingPath(), debugDescription: "\(text) is not a JSON number.")
                )
            }
            return json
        case .array(let elements):
            return .array(
                try elements.enumerated().map { index, element in
                    try normalized(element, codingPath: codingPath() + [JSONCodingKey(index: index)])
                }
            )
        case .object(let object):
            let sorted = try object.members.sorted { keyPrecedes($0.key, $1.key) }.map { key, value in
                (key, try normalized(value, codingPath: codingPath() + [JSONCodingKey(key)]))
            }
            return .object(JSONObject(orderedUniqueMembers: sorted))
        }
    }

    /// The order of keys in encoded objects: by their UTF-8 bytes.
    static func keyPrecedes(_ lhs: String, _ rhs: String) -> Bool { lhs.utf8.lexicographicallyPrecedes(rhs.utf8) }

    private static func number(_ value: Double, codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: codingPath, debugDescription: "Unable to encode \(value) directly in JSON.")
            )
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }
}

/// What an encoder has produced so far: a finished value, or an object or array still being filled.
enum EncodedNode {
    case value(JSONValue)
    case object(ObjectNode)
    case array(ArrayNode)

    /// Appends the finished JSON's compact text to `output`, object keys sorted.
    func write(to output: inout [UInt8]) {
        switch self {
        case .value(let value): value.write(to: &output)
        case .object(let object): JSONValue.writeObject(object.sortedMembers, to: &output) { $0.write(to: &$1) }
        case .array(let array): JSONValue.writeArray(array.elements, to: &output) { $0.write(to: &$1) }
        }
    }
}

/// An object under construction; shared by reference between an encoder and the containers it hands out.
final class ObjectNode {
    /// Members in the order encoded; a key encoded twice keeps its last value.
    private var members: [(key: String, value: EncodedNode)] = []

    func set(_ key: String, _ node: EncodedNode) { members.append((key, node)) }

    /// The members sorted by key, later duplicates winning.
    var sortedMembers: [(key: String, value: EncodedNode)] {
        // Sorting indices with the index as tie-breaker keeps duplicates in encoding order: the last one wins.
        let order = members.indices.sorted { lhs, rhs in
            let (left, right) = (members[lhs].key, members[rhs].key)
            return left == right ? lhs < rhs : JSONValueEncoder.keyPrecedes(left, right)
        }
        var sorted: [(key: String, value: EncodedNode)] = []
        sorted.reserveCapacity(order.count)
        for index in order {
            if sorted.last?.key == members[index].key { sorted.removeLast() }
            sorted.append(members[index])
        }
        return sorted
    }
}

/// An array under construction; shared like ``ObjectNode``.
final class ArrayNode {
    var elements: [EncodedNode] = []
}

/// `value` as `U`, for code that has just checked that `T` is `U`.
func reinterpret<T, U>(_ value: T, as type: U.Type) -> U {
    precondition(T.self == U.self, "reinterpret(\(T.self), as: \(U.self))")
    return withUnsafePointer(to: value) { $0.withMemoryRebound(to: U.self, capacity: 1) { $0.pointee } }
}
