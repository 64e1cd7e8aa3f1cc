/// The `Encoder` ``JSONValueEncoder`` hands to types that encode themselves; what they encode ends up in `node`.
final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private(set) var node: EncodedNode?

    init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: ObjectNode
        if case .object(let existing) = node {
            object = existing
        } else {
            object = ObjectNode()
            node = .object(object)
        }
        return KeyedEncodingContainer(ObjectEncodingContainer(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: ArrayNode
        if case .array(let existing) = node {
            array = existing
        } else {
            array = ArrayNode()
            node = .array(array)
        }
        return ArrayEncodingContainer(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }
}

extension ValueEncoder: SingleValueEncodingContainer {
    func encodeNil() throws { node = .value(.null) }

    func encode<T: Encodable>(_ value: T) throws {
        node = try JSONValueEncoder.box(value, codingPath: codingPath)
    }
}

/// Fills an object's members by key.
private struct ObjectEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: ObjectNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .value(.null)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(key.stringValue, try JSONValueEncoder.box(value, codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectNode()
        object.set(key.stringValue, .object(nested))
        return KeyedEncodingContainer(
            ObjectEncodingContainer<NestedKey>(object: nested, codingPath: codingPath + [key])
        )
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ArrayNode()
        object.set(key.stringValue, .array(nested))
        return ArrayEncodingContainer(array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: JSONCodingKey("super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let object = object
        return DeferredEncoder(codingPath: codingPath + [key]) { object.set(key.stringValue, $0) }
    }
}

/// Appends an array's elements in order.
private struct ArrayEncodingContainer: UnkeyedEncodingContainer {
    let array: ArrayNode
    let codingPath: [any CodingKey]
    var count: Int { array.elements.count }

    private var nextPath: [any CodingKey] { codingPath + [JSONCodingKey(index: count)] }

    mutating func encodeNil() throws { array.elements.append(.value(.null)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.elements.append(try JSONValueEncoder.box(value, codingPath: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectNode()
        let path = nextPath
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(ObjectEncodingContainer<NestedKey>(object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArrayNode()
        let path = nextPath
        array.elements.append(.array(nested))
        return ArrayEncodingContainer(array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let array = array
        let index = count
        let path = nextPath
        array.elements.append(.value(.null))
        return DeferredEncoder(codingPath: path) { array.elements[index] = $0 }
    }
}

/// What `superEncoder` hands out: an encoder whose output is stored in its parent container when it is released.
private final class DeferredEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private let inner: ValueEncoder
    private let store: (EncodedNode) -> Void

    init(codingPath: [any CodingKey], store: @escaping (EncodedNode) -> Void) {
        self.codingPath = codingPath
        self.store = store
        inner = ValueEncoder(codingPath: codingPath)
    }

    deinit { store(inner.node ?? .object(ObjectNode())) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        inner.container(keyedBy: type)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }
}
