import Testing
import Wire

/// Named entities: a ``JSONSchemaEntity``'s derived schema carries its name as `title`, and
/// ``OpsListing/hoisting(service:ops:)`` takes each titled schema out once into `$defs`, leaving `$ref`s.
@Suite struct SchemaDefinitionsTests {
    private struct Line: Codable, JSONSchemaEntity {
        static var schemaName: String { "Line" }
        var sku: String
    }

    private struct Cart: Codable, JSONSchemaEntity {
        static var schemaName: String { "Cart" }
        var lines: [Line]
        var note: String?
    }

    private struct Page: Codable {
        var carts: [Cart]
    }

    private static func op(_ name: String, result: JSONValue, args: JSONValue = ["type": "object"]) -> OpDescription {
        OpDescription(name: name, summary: name, schema: args, resultSchema: result, effect: .read)
    }

    @Test func anEntityIsTitledWhereverItIsDerived() throws {
        let schema = try JSONSchema.derived(from: Page.self)
        let cart = try #require(schema["properties"]?["carts"]?["items"])
        #expect(cart["title"] == "Cart" && cart["properties"]?["lines"]?["items"]?["title"] == "Line")
        #expect(schema["title"] == nil)
    }

    @Test func eachTitledSchemaIsDefinedOnceAndReferredTo() throws {
        let args: JSONValue = ["type": "object", "properties": ["line": try JSONSchema.derived(from: Line.self)]]
        let (listing, conflicts) = OpsListing.hoisting(
            service: "shop",
            ops: [
                Self.op("cart.get", result: try JSONSchema.derived(from: Cart.self)),
                Self.op("cart.list", result: try JSONSchema.derived(from: Page.self), args: args),
            ]
        )
        #expect(conflicts.isEmpty)
        #expect(Set(listing.definitions?.keys.map { $0 } ?? []) == ["Cart", "Line"])
        #expect(listing.ops[0].resultSchema == ["$ref": "#/$defs/Cart"])
        #expect(listing.ops[1].resultSchema?["properties"]?["carts"]?["items"] == ["$ref": "#/$defs/Cart"])
        #expect(listing.ops[1].schema["properties"]?["line"] == ["$ref": "#/$defs/Line"])
        #expect(listing.definitions?["Cart"]?["properties"]?["lines"]?["items"] == ["$ref": "#/$defs/Line"])
        #expect(listing.resolved(listing.ops[0].resultSchema)?["title"] == "Cart")
    }

    @Test func aTitleForTwoSchemasIsAConflictAndKeywordValuesAreLeftAlone() {
        let one: JSONValue = ["title": "Thing", "type": "object", "properties": ["a": ["type": "string"]]]
        let other: JSONValue = ["title": "Thing", "type": "object", "properties": ["b": ["type": "string"]]]
        let example: JSONValue = ["type": "object", "default": ["title": "not a schema"]]
        let (listing, conflicts) = OpsListing.hoisting(
            service: "shop",
            ops: [Self.op("a", result: one), Self.op("b", result: other), Self.op("c", result: example)]
        )
        #expect(conflicts == ["Thing"])
        #expect(listing.ops[0].resultSchema == ["$ref": "#/$defs/Thing"])
        #expect(listing.ops[1].resultSchema == JSONSchema.statingDecoderRules(other))
        #expect(listing.ops[2].resultSchema == example)
    }
}
