import Foundation

/// The `Decoder` behind ``JSONSchema/derived(from:)``: it answers a type's `init(from:)` with placeholders and
/// writes what the type asked for into a ``SchemaNode``.
///
/// An object's member is required when the type decodes it without first asking whether it is there (synthesized
/// code asks, through `contains`, for optional properties). An array is given one element, a map one member.
struct SchemaDecoder: Decoder {
    let node: SchemaNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The key a map's single placeholder member goes by.
    static let mapKey = "\u{0}values"

    /// A value of `type` that its schema has been written for into `node`.
    static func placeholder<T: Decodable>(
        _ type: T.Type,
        into node: SchemaNode,
        codingPath: [any CodingKey]
    ) throws
        -> T
    {
        let entity = (type as? any JSONSchemaEntity.Type)?.schemaName
        if let described = type as? any JSONSchemaDescribing.Type {
            node.fix(described.jsonSchema)
            node.title = entity
            return described.schemaExample as! T
        }
        if let scalar = scalar(type, node) { return scalar }
        if let enumeration = type as? any (CaseIterable & RawRepresentable).Type,
            let first = stringEnumeration(enumeration, node)
        {
            return first as! T
        }
        guard codingPath.count < 32 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "recursive type: describe it with JSONSchemaDescribing")
            )
        }
        let value = try T(from: SchemaDecoder(node: node, codingPath: codingPath))
        node.title = entity
        return value
    }

    private static func scalar<T>(_ type: T.Type, _ node: SchemaNode) -> T? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self):
            node.fix(["type": "string"])
            return "" as? T
        case ObjectIdentifier(Bool.self):
            node.fix(["type": "boolean"])
            return false as? T
        case ObjectIdentifier(Double.self), ObjectIdentifier(Float.self), ObjectIdentifier(Decimal.self):
            node.fix(["type": "number"])
            return (type as? any ExpressibleByIntegerLiteral.Type).map { zero($0) as! T }
        default:
            guard let integer = type as? any FixedWidthInteger.Type else { return nil }
            node.fix(["type": "integer"])
            return zero(integer) as? T
        }
    }

    private static func zero<N: ExpressibleByIntegerLiteral>(_ type: N.Type) -> N { 0 }

    /// An enum with string raw values: an `enum` schema, and its first case as the placeholder.
    private static func stringEnumeration<E: CaseIterable & RawRepresentable>(
        _ type: E.Type,
        _ node: SchemaNode
    )
        -> E?
    {
        let names = type.allCases.compactMap { $0.rawValue as? String }
        guard let first = type.allCases.first, names.count == type.allCases.count else { return nil }
        node.fix(["type": "string", "enum": .array(names.map(JSONValue.string))])
        return first
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        node.becomeObject()
        return KeyedDecodingContainer(SchemaObjectContainer(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedDecodingContainer {
        node.becomeArray()
        return SchemaArrayContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueDecodingContainer { self }
}

extension SchemaDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try Self.placeholder(type, into: node, codingPath: codingPath)
    }
}

/// An object's members, each given a placeholder; a member the type asks about first is optional.
private final class SchemaObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: SchemaNode
    let codingPath: [any CodingKey]
    private var asked: Set<String> = []

    init(node: SchemaNode, codingPath: [any CodingKey]) {
        self.node = node
        self.codingPath = codingPath
    }

    /// A map's one placeholder member; a type with fixed keys has none.
    var allKeys: [Key] { Key(stringValue: SchemaDecoder.mapKey).map { [$0] } ?? [] }

    func contains(_ key: Key) -> Bool {
        asked.insert(key.stringValue)
        return true
    }

    func decodeNil(forKey key: Key) -> Bool {
        asked.insert(key.stringValue)
        return false
    }

    private func memberNode(_ key: Key, required: Bool) -> SchemaNode {
        key.stringValue == SchemaDecoder.mapKey
            ? node.mapValues() : node.member(key.stringValue, required: required && !asked.contains(key.stringValue))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try SchemaDecoder.placeholder(type, into: memberNode(key, required: true), codingPath: codingPath + [key])
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try SchemaDecoder.placeholder(type, into: memberNode(key, required: false), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) -> KeyedDecodingContainer<NestedKey> {
        decoder(forKey: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer {
        decoder(forKey: key).unkeyedContainer()
    }

    func superDecoder() -> any Decoder { SchemaDecoder(node: node, codingPath: codingPath) }

    func superDecoder(forKey key: Key) -> any Decoder { decoder(forKey: key) }

    private func decoder(forKey key: Key) -> SchemaDecoder {
        SchemaDecoder(node: memberNode(key, required: true), codingPath: codingPath + [key])
    }
}

/// An array of one placeholder element, whose schema is the array's `items`.
private struct SchemaArrayContainer: UnkeyedDecodingContainer {
    let node: SchemaNode
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(node: SchemaNode, codingPath: [any CodingKey]) {
        self.node = node
        self.codingPath = codingPath
    }

    var count: Int? { 1 }
    var isAtEnd: Bool { currentIndex > 0 }

    mutating func decodeNil() -> Bool { false }

    private mutating func nextDecoder() -> SchemaDecoder {
        currentIndex += 1
        return SchemaDecoder(node: node.items(), codingPath: codingPath + [JSONCodingKey(index: 0)])
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try nextDecoder().decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) -> KeyedDecodingContainer<NestedKey> {
        nextDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer {
        nextDecoder().unkeyedContainer()
    }

    mutating func superDecoder() -> any Decoder { nextDecoder() }
}
