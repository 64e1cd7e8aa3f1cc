import Foundation
import Testing
import Wire

/// The decoder's own rules as the published schemas state them: no U+0000, and `null` for an optional member.
@Suite struct DecoderRuleSchemaTests {
    @Test func stringsAndMapKeysStateTheRuleAndFixedValuesAreLeftAlone() {
        let rule: JSONValue = ["pattern": .string(JSONSchema.noNULPattern)]
        let schema: JSONValue = [
            "type": "object",
            "properties": [
                "name": ["type": "string"],
                "label": ["type": "string", "pattern": .string(JSONSchema.notBlankPattern)],
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
        // A pattern of the schema's own is left as it is: it leaves U+0000 out itself.
        #expect(properties?["label"] == schema["properties"]?["label"])
        #expect(properties?["id"] == schema["properties"]?["id"])
        #expect(properties?["kind"] == schema["properties"]?["kind"])
        #expect(properties?["day"] == schema["properties"]?["day"])
        #expect(properties?["amount"]?["pattern"] == .string(JSONSchema.noNULPattern))
        #expect(properties?["tags"]?["propertyNames"] == rule)
        // An object's unknown members are ignored unread, so its own member names are left free.
        #expect(stated["propertyNames"] == nil)
    }

    @Test func notBlankTakesTextAndRefusesBlanksAndNUL() throws {
        let expression = try NSRegularExpression(
            pattern: JSONSchema.notBlankPattern.replacingOccurrences(
                of: "\\u0000",
                with: "\\x{0}"
            )
        )
        func matches(_ text: String) -> Bool {
            expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        #expect(matches("Flat 3") && matches(" x "))
        #expect(!matches("") && !matches("  \t") && !matches("a\u{0}b"))
    }

    @Test func optionalMembersTakeNullAndRequiredOnesAndEntitiesDoNot() {
        let schema: JSONValue = [
            "type": "object", "required": ["id"],
            "properties": [
                "id": ["type": "string"],
                "note": ["type": "string"],
                "kind": ["type": "string", "enum": ["a", "b"]],
                "count": ["anyOf": [["type": "integer"], ["type": "string"]]],
                "split": ["title": "Split", "type": "object"],
            ],
        ]
        let properties = JSONSchema.statingNullAsAbsent(schema)["properties"]
        #expect(properties?["id"] == ["type": "string"])
        #expect(properties?["note"] == ["type": ["string", "null"]])
        #expect(properties?["kind"] == ["type": ["string", "null"], "enum": ["a", "b", nil]])
        #expect(properties?["count"]?["anyOf"]?.arrayValue?.last == ["type": "null"])
        #expect(properties?["split"] == schema["properties"]?["split"])
    }
}
