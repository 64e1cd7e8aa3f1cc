import Wire

extension OpenAPIDocument {
    /// The live activity route, when the ledger lists `activity.list`: its entries' schema is that op's.
    static func activityStreamPath(_ services: [OpsListing]) -> (String, JSONValue)? {
        let ledger = services.first { $0.service == "ledger" }
        guard let list = ledger?.ops.first(where: { $0.name == "activity.list" }) else { return nil }
        let entry = list.resultSchema?["properties"]?["entries"]?["items"] ?? [:]
        let parameters: [JSONValue] = [
            ["name": "householdId", "in": "path", "required": true, "schema": ["type": "string", "minLength": 1]],
            [
                "name": "after", "in": "query", "required": false,
                "schema": ["type": "integer", "minimum": 0, "maximum": JSONValue(integerLiteral: Int.max)],
                "description": "start after this cursor (default 0: the whole log); Last-Event-ID overrides it",
            ],
            [
                "name": "access_token", "in": "query", "required": false, "schema": ["type": "string"],
                "description": "the session token, for browsers' EventSource, which cannot send Authorization",
            ],
            [
                "name": "Last-Event-ID", "in": "header", "required": false,
                "schema": ["type": "string", "pattern": "^[0-9]{1,18}$"],
                "description": "the id of the last event seen: the stream resumes after it",
            ],
        ]
        var responses: [(String, JSONValue)] = [
            (
                "200",
                [
                    "description": .string(
                        "Server-Sent Events: `retry:` once, then one `activity` event per entry (its `id:` is the "
                            + "entry's cursor, its `data:` the entry as JSON), and a comment every 15 s while "
                            + "nothing happens. The schema is one event's, its fields by name, as OpenAPI 3.2 "
                            + "reads text/event-stream"
                    ),
                    "content": [
                        "text/event-stream": [
                            "schema": [
                                "type": "object",
                                "properties": [
                                    "event": ["const": "activity"],
                                    "id": ["type": "string", "pattern": "^[0-9]+$"],
                                    "data": [
                                        "type": "string", "contentMediaType": "application/json",
                                        "contentSchema": entry,
                                    ],
                                    "retry": ["type": "integer", "minimum": 0],
                                ],
                            ]
                        ]
                    ],
                ]
            )
        ]
        for status in ["400", "401", "404", "406", "429", "503", "504"] {
            let reference: JSONValue =
                status == "406"
                ? problemResponse("Accept does not allow text/event-stream")
                : ["$ref": .string("#/components/responses/\(status)")]
            responses.append((status, reference))
        }
        let operation: JSONValue = [
            "operationId": "ledger_activity_stream",
            "summary": "The household's activity, live, as Server-Sent Events",
            "tags": ["ledger"], "parameters": .array(parameters),
            "responses": .object(JSONObject(responses)), "security": [["bearer": []], [:]],
        ]
        return ("/v1/ledger/households/{householdId}/activity", ["get": operation])
    }
}
