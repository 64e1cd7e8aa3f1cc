import Foundation
import Wire

/// The OpenAPI 3.1 document of the bridge, made from the services' `ops` listings: every op as a `POST` (and a
/// `GET` for ops that change nothing) with its args and result schemas, the problems it can answer, and the bearer
/// scheme.
enum OpenAPIDocument {
    static func make(_ services: [OpsListing]) -> JSONValue {
        var paths: [(String, JSONValue)] = []
        for listing in services {
            for op in listing.ops {
                var operations: [(String, JSONValue)] = [("post", operation(op, of: listing.service, get: false))]
                if op.effect?.changesNothing == true {
                    operations.append(("get", operation(op, of: listing.service, get: true)))
                }
                paths.append(("/v1/\(listing.service)/\(op.name)", .object(JSONObject(operations))))
            }
        }
        if let stream = activityStreamPath(services) { paths.append(stream) }
        return [
            "openapi": "3.1.0",
            "jsonSchemaDialect": .string(JSONSchema.dialect),
            "info": [
                "title": "Reckon", "version": "1",
                "description": "Every op of every Reckon service over HTTP/JSON (docs/http.md has the mapping).",
            ],
            "servers": [["url": "/"]],
            "tags": .array(services.map { ["name": .string($0.service)] }),
            "paths": .object(JSONObject(paths)),
            "components": [
                "schemas": ["Problem": ProblemDetails.schema],
                "responses": .object(JSONObject(problemStatuses.map { ($0.0, problemResponse($0.1)) })),
                "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer"]],
            ],
        ]
    }

    /// The problems any op may answer, by status.
    private static let problemStatuses: [(String, String)] = [
        ("400", "Invalid or malformed arguments, or a failed precondition without If-Match"),
        ("401", "No valid session token"), ("403", "Not allowed to this caller"),
        ("404", "No such entity, service or op"), ("409", "Stale version or a collision"),
        ("412", "If-Match no longer matches"), ("413", "The body is over the limit"),
        ("429", "Over a rate or queue limit; see Retry-After"), ("500", "An internal fault"),
        ("503", "No worker or no database now; see Retry-After"), ("504", "The op's deadline passed"),
    ]

    static func problemResponse(_ description: String) -> JSONValue {
        [
            "description": .string(description),
            "content": ["application/problem+json": ["schema": ["$ref": "#/components/schemas/Problem"]]],
        ]
    }

    private static func operation(_ op: OpDescription, of service: String, get: Bool) -> JSONValue {
        let versioned = op.resultSchema?["properties"]?["version"] != nil
        var members: [(String, JSONValue)] = [
            ("operationId", .string("\(service)_\(op.name.replacingDots)\(get ? "_get" : "")")),
            ("summary", .string(op.summary)), ("tags", [.string(service)]),
            ("parameters", .array(headerParameters(op, get: get) + (get ? queryParameters(op) : []))),
            ("responses", responses(op, of: service, get: get, versioned: versioned)),
            ("security", security(service: service, op: op.name)),
        ]
        if !get {
            members.append(
                ("requestBody", ["required": false, "content": ["application/json": ["schema": op.schema]]])
            )
        }
        return .object(JSONObject(members))
    }

    private static func headerParameters(_ op: OpDescription, get: Bool) -> [JSONValue] {
        var parameters: [JSONValue] = [
            header("X-Request-Id", ["type": "string", "maxLength": 128], "echoed back; made when absent"),
            header("Request-Timeout", ["type": "integer", "minimum": 1], "milliseconds to wait for the op"),
        ]
        if !get {
            parameters.append(
                header("Idempotency-Key", ["type": "string", "maxLength": 128], "a replay returns the first response")
            )
        }
        if op.schema["properties"]?["version"] != nil {
            parameters.append(
                header("If-Match", ["type": "string"], "the ETag last read; becomes the version argument")
            )
        }
        if get { parameters.append(header("If-None-Match", ["type": "string"], "answers 304 while the ETag matches")) }
        return parameters
    }

    private static func header(_ name: String, _ schema: JSONValue, _ description: String) -> JSONValue {
        [
            "name": .string(name), "in": "header", "required": false, "schema": schema,
            "description": .string(description),
        ]
    }

    /// A `GET`'s arguments as query parameters: scalars and arrays of scalars by their schema, the rest as JSON.
    private static func queryParameters(_ op: OpDescription) -> [JSONValue] {
        let required = Set(op.schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        return (op.schema["properties"]?.objectValue?.members ?? []).map { name, schema in
            var parameter: [(String, JSONValue)] = [
                ("name", .string(name)), ("in", "query"), ("required", .bool(required.contains(name))),
            ]
            if isScalar(schema) || (schema["type"] == "array" && isScalar(schema["items"] ?? [:])) {
                parameter.append(("schema", schema))
            } else {
                parameter.append(("content", ["application/json": ["schema": schema]]))
            }
            return .object(JSONObject(parameter))
        }
    }

    private static func isScalar(_ schema: JSONValue) -> Bool {
        let types: [String]
        switch schema["type"] {
        case .string(let type)?: types = [type]
        case .array(let list)?: types = list.compactMap(\.stringValue)
        default: return schema["enum"] != nil
        }
        return !types.isEmpty && types.allSatisfy { ["string", "integer", "number", "boolean"].contains($0) }
    }

    private static func responses(_ op: OpDescription, of service: String, get: Bool, versioned: Bool) -> JSONValue {
        let mediaType = OpResult.mediaType(service: service, op: op.name)
        let schema: JSONValue = mediaType == "application/json" ? (op.resultSchema ?? [:]) : ["type": "string"]
        var headers: [(String, JSONValue)] = [("X-Request-Id", ["schema": ["type": "string"]])]
        if versioned { headers.append(("ETag", ["schema": ["type": "string"]])) }
        if op.resultSchema?["properties"]?["nextCursor"] != nil {
            headers.append(("Link", ["schema": ["type": "string"], "description": "rel=\"next\": the next page"]))
        }
        var responses: [(String, JSONValue)] = [
            (
                "200",
                [
                    "description": .string(op.summary), "headers": .object(JSONObject(headers)),
                    "content": .object(JSONObject([(mediaType, ["schema": schema])])),
                ]
            )
        ]
        if get, versioned {
            responses.append(("304", ["description": "Not modified: the If-None-Match tag still matches"]))
        }
        for (status, _) in problemStatuses where get ? status != "413" : true {
            responses.append((status, ["$ref": .string("#/components/responses/\(status)")]))
        }
        return .object(JSONObject(responses))
    }

    /// Ledger ops but signing up and in need a session; the rest take a token when they have a use for one (the
    /// orders staff key).
    private static func security(service: String, op: String) -> JSONValue {
        service == "ledger" && !["auth.signup", "auth.login"].contains(op) ? [["bearer": []]] : [[:], ["bearer": []]]
    }
}

extension String {
    fileprivate var replacingDots: String { replacingOccurrences(of: ".", with: "_") }
}
