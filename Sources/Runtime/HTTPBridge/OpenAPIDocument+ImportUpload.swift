import LedgerAPI
import Wire

extension OpenAPIDocument {
    /// ``ImportUpload``'s route, when `op` is `import.start`: its `POST` with the file as the body and the other
    /// arguments in the query, answering what the op answers.
    static func importUploadPath(
        _ op: OpDescription,
        of listing: OpsListing,
        headers: HeaderSchemas
    ) -> (String, JSONValue)? {
        guard listing.service == LedgerOps.service, op.name == ImportStartOp.name,
            case .object(var operation) = self.operation(op, of: listing, get: false, headers: headers)
        else { return nil }
        let properties = op.schema["properties"]
        let household: JSONValue = [
            "name": "householdId", "in": "path", "required": true, "schema": properties?["householdId"] ?? [:],
        ]
        let query: [JSONValue] = [
            ["name": "from", "in": "query", "required": true, "schema": properties?["from"] ?? [:]],
            ["name": "dryRun", "in": "query", "required": false, "schema": ["type": "boolean"]],
            [
                "name": "members", "in": "query", "required": false,
                "content": ["application/json": ["schema": properties?["members"] ?? [:]]],
            ],
        ]
        operation["operationId"] = "ledger_import_upload"
        operation["summary"] = "Imports the file sent as the body (import.start with the file as it was exported)"
        operation["parameters"] = .array((operation["parameters"]?.arrayValue ?? []) + [household] + query)
        // One media type, which SDK generators read as a file's bytes (two or more give them a union they garble);
        // the route takes the file's own type too.
        operation["requestBody"] = [
            "required": true,
            "description": "the file's bytes, as exported; sent as text/csv or application/json as well",
            "content": ["application/octet-stream": ["schema": ["type": "string", "format": "binary"]]],
        ]
        if case .object(var responses) = operation["responses"] {
            responses["415"] = problemResponse(
                "The body was not application/octet-stream, text/csv or application/json"
            )
            operation["responses"] = .object(responses)
        }
        return (ImportUpload.path, ["post": .object(operation)])
    }
}
