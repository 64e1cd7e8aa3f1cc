extension JSONSchema {
    /// `schema` stating that an integer fits in 64 bits, as ``JSONValueDecoder`` decodes one (`Int`): every
    /// integer schema without a `minimum` or `maximum` of its own gets `Int`'s.
    public static func statingIntegerRange(_ schema: JSONValue) -> JSONValue {
        transformingEverySubschema(schema) { subschema in
            guard case .object(var object) = subschema else { return subschema }
            let types = object["type"].map { $0.arrayValue ?? [$0] } ?? []
            guard types.contains("integer") else { return subschema }
            if object["minimum"] == nil, object["exclusiveMinimum"] == nil {
                object["minimum"] = JSONValue(integerLiteral: Int.min)
            }
            if object["maximum"] == nil, object["exclusiveMaximum"] == nil {
                object["maximum"] = JSONValue(integerLiteral: Int.max)
            }
            return .object(object)
        }
    }
}
