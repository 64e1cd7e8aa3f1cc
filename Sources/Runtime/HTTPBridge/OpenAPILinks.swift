import Wire

/// The OpenAPI links of an op's success (how a fuzzer such as schemathesis chains calls): from an op whose result
/// names an entity (a top-level `…Id` member) to each op of the same service that takes that id among its
/// arguments, passing the id (and the `version` too, when both have one) in the target's `POST` body.
enum OpenAPILinks {
    /// The links of `op`'s `200` response, by target operation id; empty when its result names no entity.
    static func of(_ op: OpDescription, in listing: OpsListing) -> [(String, JSONValue)] {
        let produced = names(listing.resolved(op.resultSchema))
        let ids = produced.filter { $0.hasSuffix("Id") }
        guard !ids.isEmpty else { return [] }
        return listing.ops.compactMap { target in
            let taken = names(target.schema)
            let passedIDs = ids.filter { taken.contains($0) }
            guard !passedIDs.isEmpty else { return nil }
            let passed = passedIDs + (produced.contains("version") && taken.contains("version") ? ["version"] : [])
            let body = JSONObject(passed.map { ($0, JSONValue.string("$response.body#/\($0)")) })
            let id = OpenAPIDocument.operationID(listing.service, target.name, get: false)
            return (id, ["operationId": .string(id), "requestBody": .object(body)])
        }
    }

    /// The top-level property names of an object schema.
    private static func names(_ schema: JSONValue?) -> [String] {
        schema?["properties"]?.objectValue?.members.map(\.key) ?? []
    }
}
