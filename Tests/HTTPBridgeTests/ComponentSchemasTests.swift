import Testing
import Wire

@testable import HTTPBridge

/// The services' entities as OpenAPI components: one entry for a name two services define alike, a prefixed one for
/// a name they define differently, and every `$ref` pointed at its service's entry.
@Suite struct ComponentSchemasTests {
    private static func listing(_ service: String, _ definitions: [String: JSONValue]) -> OpsListing {
        let op = OpDescription(
            name: "get",
            summary: "get",
            schema: ["type": "object"],
            resultSchema: ["type": "array", "items": ["$ref": "#/$defs/Done"]],
            effect: .read
        )
        return OpsListing(service: service, ops: [op], definitions: definitions)
    }

    @Test func sharedNamesMergeAndDifferentOnesTakeTheirService() {
        let done: JSONValue = ["title": "Done", "type": "object", "properties": ["done": ["type": "boolean"]]]
        let other: JSONValue = ["title": "Done", "type": "object", "properties": ["ok": ["type": "boolean"]]]
        var components = ComponentSchemas()
        let ledger = components.add(Self.listing("ledger", ["Done": done]))
        let calc = components.add(Self.listing("calc", ["Done": done]))
        let orders = components.add(Self.listing("orders", ["Done": other]))
        #expect(ledger == ["Done": "Done"] && calc == ["Done": "Done"] && orders == ["Done": "OrdersDone"])
        #expect(components.schemas.map(\.0) == ["Done", "OrdersDone"])
        let pointed = ComponentSchemas.pointing(["items": ["$ref": "#/$defs/Done"]], orders)
        #expect(pointed == ["items": ["$ref": "#/components/schemas/OrdersDone"]])
    }
}
