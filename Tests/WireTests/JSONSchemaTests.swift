import Testing
import Wire

/// ``JSONSchema/derived(from:)`` reads a schema off a type's decoding; ``JSONSchema/drift(written:derived:path:)``
/// says where a schema written by hand has left its type.
@Suite struct JSONSchemaTests {
    private enum Kind: String, Codable, CaseIterable { case regular, special }

    private struct Line: Codable {
        var sku: String
        var quantity: Int
        var kind: Kind
    }

    private struct Order: Codable {
        var id: String
        var lines: [Line]
        var note: String?
        var rush: Bool
        var weight: Double
        var tags: [String: Int]
        var extra: JSONValue?
    }

    /// A decimal string, whose decoding refuses the placeholder: it states its own schema.
    private struct Amount: JSONSchemaDescribing, Codable {
        var text: String
        init(from decoder: any Decoder) throws {
            text = try decoder.singleValueContainer().decode(String.self)
            guard !text.isEmpty else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "")) }
        }
        init(text: String) { self.text = text }
        static let jsonSchema: JSONValue = ["type": "string", "pattern": "^[0-9]+$"]
        static let schemaExample = Amount(text: "1")
    }

    private struct Priced: Codable { var amount: Amount }

    private struct Checked: Codable {
        var text: String
        init(from decoder: any Decoder) throws {
            text = try decoder.singleValueContainer().decode(String.self)
            guard !text.isEmpty else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "")) }
        }
    }

    @Test func derivesObjectsArraysMapsEnumsAndOptionality() throws {
        let line: JSONValue = [
            "type": "object",
            "properties": [
                "sku": ["type": "string"], "quantity": ["type": "integer"],
                "kind": ["type": "string", "enum": ["regular", "special"]],
            ],
            "required": ["sku", "quantity", "kind"],
        ]
        let expected: JSONValue = [
            "type": "object",
            "properties": [
                "id": ["type": "string"], "lines": ["type": "array", "items": line], "note": ["type": "string"],
                "rush": ["type": "boolean"], "weight": ["type": "number"],
                "tags": ["type": "object", "additionalProperties": ["type": "integer"]], "extra": [:],
            ],
            "required": ["id", "lines", "rush", "weight", "tags"],
        ]
        #expect(try JSONSchema.derived(from: Order.self) == expected)
    }

    @Test func aTypeThatDescribesItselfIsTakenAtItsWord() throws {
        let schema = try JSONSchema.derived(from: Priced.self)
        #expect(schema["properties"]?["amount"] == Amount.jsonSchema)
    }

    @Test func aTypeThatRefusesThePlaceholderIsNamed() {
        #expect(throws: JSONSchema.DerivationError.self) { try JSONSchema.derived(from: Checked.self) }
    }

    @Test func driftNamesMissingExtraAndLooselyRequiredMembers() throws {
        let derived = try JSONSchema.derived(from: Order.self)
        #expect(JSONSchema.drift(written: derived, derived: derived).isEmpty)
        var written = derived.objectValue!
        var properties = written["properties"]!.objectValue!
        properties["note"] = nil
        properties["colour"] = ["type": "string"]
        var lineItems = properties["lines"]!["items"]!.objectValue!
        lineItems["required"] = ["sku"]
        properties["lines"] = ["type": "array", "items": .object(lineItems)]
        written["properties"] = .object(properties)
        #expect(
            Set(JSONSchema.drift(written: .object(written), derived: derived)) == [
                "note: a field of the type that the schema lacks",
                "colour: in the schema, not a field of the type",
                "lines[].quantity: required by the type, optional in the schema",
                "lines[].kind: required by the type, optional in the schema",
            ]
        )
    }

    @Test func branchesCountAsTheSchemasMembers() throws {
        let derived = try JSONSchema.derived(from: Line.self)
        let written: JSONValue = [
            "type": "object", "required": ["sku", "quantity", "kind"],
            "oneOf": [["properties": ["sku": ["type": "string"]]], ["properties": ["quantity": ["type": "integer"]]]],
            "properties": ["kind": ["type": "string"]],
        ]
        #expect(JSONSchema.drift(written: written, derived: derived).isEmpty)
    }
}
