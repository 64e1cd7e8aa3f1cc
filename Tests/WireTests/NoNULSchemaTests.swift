import Testing
import Wire

/// The U+0000 rule as the published schemas state it.
@Suite struct NoNULSchemaTests {
    @Test func stringsAndMapKeysStateTheRuleAndFixedValuesAreLeftAlone() {
        let rule: JSONValue = ["pattern": .string(JSONSchema.noNULPattern)]
        let schema: JSONValue = [
            "type": "object",
            "properties": [
                "name": ["type": "string"],
                "label": ["type": "string", "pattern": "\\S"],
                "id": ["type": "string", "pattern": "^[0-9]+$"],
                "kind": ["type": "string", "enum": ["a", "b"]],
                "day": ["type": "string", "format": "date"],
                "amount": ["type": ["string", "number"]],
                "tags": ["type": "object", "additionalProperties": ["type": "integer"]],
            ],
        ]
        let stated = JSONSchema.statingNoNUL(schema)
        let properties = stated["properties"]
        #expect(properties?["name"]?["pattern"] == .string(JSONSchema.noNULPattern))
        #expect(properties?["label"]?["allOf"] == [rule])
        #expect(properties?["id"] == schema["properties"]?["id"])
        #expect(properties?["kind"] == schema["properties"]?["kind"])
        #expect(properties?["day"] == schema["properties"]?["day"])
        #expect(properties?["amount"]?["pattern"] == .string(JSONSchema.noNULPattern))
        #expect(properties?["tags"]?["propertyNames"] == rule)
        // An object's unknown members are ignored unread, so its own member names are left free.
        #expect(stated["propertyNames"] == nil)
    }
}
