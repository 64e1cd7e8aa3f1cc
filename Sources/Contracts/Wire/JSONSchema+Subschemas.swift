extension JSONSchema {
    /// `value`, the value of keyword `keyword` of a schema, with `body` applied to each subschema it holds
    /// (`properties`' members, `items`, `oneOf`'s branches, ...); the values of other keywords (`enum`, `default`,
    /// `required`) come back as they are.
    static func mapSubschemas(
        of keyword: String,
        _ value: JSONValue,
        _ body: (JSONValue) -> JSONValue
    ) -> JSONValue {
        switch (keyword, value) {
        case ("properties", .object(let map)), ("patternProperties", .object(let map)),
            ("dependentSchemas", .object(let map)):
            return .object(JSONObject(map.members.map { ($0.key, body($0.value)) }))
        case ("oneOf", .array(let list)), ("anyOf", .array(let list)), ("allOf", .array(let list)),
            ("prefixItems", .array(let list)):
            return .array(list.map(body))
        case ("items", _), ("additionalProperties", _), ("not", _), ("if", _), ("then", _), ("else", _),
            ("contains", _), ("propertyNames", _), ("unevaluatedItems", _), ("unevaluatedProperties", _):
            return body(value)
        default:
            return value
        }
    }

    /// `schema` with `transform` applied to every subschema in it, innermost first, and then to `schema` itself.
    public static func transformingEverySubschema(
        _ schema: JSONValue,
        _ transform: (JSONValue) -> JSONValue
    ) -> JSONValue {
        guard case .object(let object) = schema else { return schema }
        let members = object.members.map { member in
            (member.key, mapSubschemas(of: member.key, member.value) { transformingEverySubschema($0, transform) })
        }
        return transform(.object(JSONObject(members)))
    }
}
