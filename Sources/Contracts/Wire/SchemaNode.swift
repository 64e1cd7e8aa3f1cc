/// The schema of one value, filled in while ``SchemaDecoder`` runs its type's `init(from:)`.
final class SchemaNode {
    private enum Shape {
        case unknown
        case fixed(JSONValue)
        case object(properties: [(key: String, node: SchemaNode)], required: [String], values: SchemaNode?)
        case array(items: SchemaNode?)
    }

    private var shape = Shape.unknown
    /// The name of the entity the value is (``JSONSchemaEntity``), written as the schema's `title`.
    var title: String?

    /// The value's schema, as JSON.
    var schema: JSONValue {
        let schema = untitledSchema
        guard let title, case .object(let members) = schema else { return schema }
        return .object(JSONObject([("title", .string(title))] + members.members.filter { $0.key != "title" }))
    }

    private var untitledSchema: JSONValue {
        switch shape {
        case .unknown: return [:]
        case .fixed(let schema): return schema
        case .array(let items): return ["type": "array", "items": items?.schema ?? [:]]
        case .object(let properties, let required, let values):
            var members: [(String, JSONValue)] = [("type", "object")]
            if !properties.isEmpty {
                members.append(("properties", .object(JSONObject(properties.map { ($0.key, $0.node.schema) }))))
            }
            if !required.isEmpty { members.append(("required", .array(required.map(JSONValue.string)))) }
            if let values { members.append(("additionalProperties", values.schema)) }
            return .object(JSONObject(members))
        }
    }

    /// States the whole schema (a scalar, or a type that describes itself).
    func fix(_ schema: JSONValue) {
        shape = .fixed(schema)
    }

    /// Makes the value an object, keeping the members already found (a type may open its container twice).
    func becomeObject() {
        if case .object = shape { return }
        shape = .object(properties: [], required: [], values: nil)
    }

    /// Makes the value an array.
    func becomeArray() {
        if case .array = shape { return }
        shape = .array(items: nil)
    }

    /// The node of the object's member `key`, made on first use; `required` marks it required for good.
    func member(_ key: String, required: Bool) -> SchemaNode {
        becomeObject()
        guard case .object(var properties, var required_, let values) = shape else { preconditionFailure() }
        let node: SchemaNode
        if let existing = properties.first(where: { $0.key == key }) {
            node = existing.node
        } else {
            node = SchemaNode()
            properties.append((key, node))
        }
        if required, !required_.contains(key) { required_.append(key) }
        shape = .object(properties: properties, required: required_, values: values)
        return node
    }

    /// The node of the values of a map (an object with arbitrary keys).
    func mapValues() -> SchemaNode {
        becomeObject()
        guard case .object(let properties, let required, let values) = shape else { preconditionFailure() }
        if let values { return values }
        let node = SchemaNode()
        shape = .object(properties: properties, required: required, values: node)
        return node
    }

    /// The node of the array's items.
    func items() -> SchemaNode {
        becomeArray()
        guard case .array(let items) = shape else { preconditionFailure() }
        if let items { return items }
        let node = SchemaNode()
        shape = .array(items: node)
        return node
    }
}
