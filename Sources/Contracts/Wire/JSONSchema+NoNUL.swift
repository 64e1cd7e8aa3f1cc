extension JSONSchema {
    /// `schema` stating the rules ``JSONValueDecoder`` keeps whatever the type: no U+0000 (``statingNoNUL(_:)``),
    /// integers in 64 bits (``statingIntegerRange(_:)``), and `null` for an optional member is absent
    /// (``statingNullAsAbsent(_:)``).
    public static func statingDecoderRules(_ schema: JSONValue) -> JSONValue {
        statingNullAsAbsent(statingIntegerRange(statingNoNUL(schema)))
    }

    /// A string without U+0000. No argument may hold that character, in a string or a map's key: PostgreSQL cannot
    /// store it, and ``JSONValueDecoder`` refuses it wherever it decodes one.
    public static let noNULPattern = "^[^\\u0000]*$"
    /// A string that is not blank (it has a character other than white space) and has no U+0000.
    public static let notBlankPattern = "^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$"

    /// `schema` stating the rule of ``noNULPattern`` wherever a string can appear: every string schema without a
    /// pattern, format or fixed values gets the pattern, and every map (an object schema whose
    /// `additionalProperties` is a schema) gets it for its keys (`propertyNames`). A pattern of a schema's own must
    /// leave U+0000 out itself (``notBlankPattern`` does; an `allOf` would turn a string into a struct in generated
    /// SDKs). An object's unknown members are ignored unread, so they are left free.
    public static func statingNoNUL(_ schema: JSONValue) -> JSONValue {
        transformingEverySubschema(schema) { subschema in
            guard case .object(var object) = subschema else { return subschema }
            let types = object["type"].map { $0.arrayValue ?? [$0] } ?? []
            let rule: JSONValue = ["pattern": .string(noNULPattern)]
            if types.contains("string"), object["pattern"] == nil, object["enum"] == nil, object["const"] == nil,
                object["format"] == nil
            {
                object["pattern"] = .string(noNULPattern)
            }
            if object["additionalProperties"]?.objectValue != nil, object["propertyNames"] == nil {
                object["propertyNames"] = rule
            }
            return .object(object)
        }
    }
}
