extension JSONSchema {
    /// A string without U+0000. No argument may hold that character, in a string or a map's key: PostgreSQL cannot
    /// store it, and ``JSONValueDecoder`` refuses it wherever it decodes one.
    public static let noNULPattern = "^[^\\u0000]*$"

    /// `schema` stating the rule of ``noNULPattern`` wherever a string can appear: every string schema without a
    /// pattern, format or fixed values gets the pattern (one whose own pattern is not anchored at both ends gets it
    /// in `allOf` besides), and every map (an object schema whose `additionalProperties` is a schema) gets it for its
    /// keys (`propertyNames`). An object's unknown members are ignored unread, so they are left free.
    public static func statingNoNUL(_ schema: JSONValue) -> JSONValue {
        transformingEverySubschema(schema) { subschema in
            guard case .object(var object) = subschema else { return subschema }
            let types = object["type"].map { $0.arrayValue ?? [$0] } ?? []
            let rule: JSONValue = ["pattern": .string(noNULPattern)]
            if types.contains("string"), object["enum"] == nil, object["const"] == nil, object["format"] == nil {
                if let pattern = object["pattern"]?.stringValue {
                    if !(pattern.hasPrefix("^") && pattern.hasSuffix("$")) {
                        object["allOf"] = .array((object["allOf"]?.arrayValue ?? []) + [rule])
                    }
                } else {
                    object["pattern"] = .string(noNULPattern)
                }
            }
            if object["additionalProperties"]?.objectValue != nil, object["propertyNames"] == nil {
                object["propertyNames"] = rule
            }
            return .object(object)
        }
    }
}
