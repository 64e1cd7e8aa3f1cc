import Foundation
import HTTPTypes
import Wire

/// The OpenAPI 3.1 document of the bridge, made from the services' `ops` listings: every op as a `POST` (and a
/// `GET` for ops that change nothing) with its args and result schemas, the headers it reads, the problems it can
/// answer, and the bearer scheme.
enum OpenAPIDocument {
    /// - Parameter requestTimeouts: the milliseconds a `Request-Timeout` header may ask for.
    static func make(_ services: [OpsListing], requestTimeouts: ClosedRange<Int>) -> JSONValue {
        let headers = HeaderSchemas(requestTimeouts: requestTimeouts)
        var components = ComponentSchemas()
        var paths: [(String, JSONValue)] = []
        var ledgerNames: [String: String] = [:]
        for listing in services {
            let names = components.add(listing)
            if listing.service == "ledger" { ledgerNames = names }
            for op in listing.ops {
                var operations: [(String, JSONValue)] = [
                    ("post", operation(op, of: listing, get: false, headers: headers))
                ]
                if op.effect?.changesNothing == true {
                    operations.append(("get", operation(op, of: listing, get: true, headers: headers)))
                }
                let item = ComponentSchemas.pointing(.object(JSONObject(operations)), names)
                paths.append(("/v1/\(listing.service)/\(op.name)", item))
                if let (path, upload) = importUploadPath(op, of: listing, headers: headers) {
                    paths.append((path, ComponentSchemas.pointing(upload, names)))
                }
            }
        }
        if let (path, stream) = activityStreamPath(services) {
            paths.append((path, ComponentSchemas.pointing(stream, ledgerNames)))
        }
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
                "schemas": .object(JSONObject([("Problem", ProblemDetails.schema)] + components.schemas)),
                "responses": .object(JSONObject(problemStatuses.map { ($0.0, problemResponse($0.1)) })),
                "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer"]],
            ],
        ]
    }

    /// The problems any op may answer, by status; a `GET` sends no body, so it answers none of ``bodyStatuses``.
    private static let problemStatuses: [(String, String)] = [
        ("400", "Invalid or malformed arguments, or a failed precondition without If-Match"),
        ("401", "No valid session token"), ("403", "Not allowed to this caller"),
        ("404", "No such entity, service or op"), ("409", "Stale version or a collision"),
        ("412", "If-Match no longer matches"), ("413", "The body is over the limit"),
        ("415", "The body was not sent as application/json"), ("421", "The Host is not one this server answers"),
        ("422", "The Idempotency-Key was used before with another body"),
        ("429", "Over a rate or queue limit; see Retry-After"), ("500", "An internal fault"),
        ("503", "No worker or no database now; see Retry-After"), ("504", "The op's deadline passed"),
    ]

    /// The problems only a request with a body can meet.
    private static let bodyStatuses: Set = ["413", "415", "422"]

    static func problemResponse(_ description: String) -> JSONValue {
        [
            "description": .string(description),
            "content": ["application/problem+json": ["schema": ["$ref": "#/components/schemas/Problem"]]],
        ]
    }

    /// The operation id of an op's `POST`, or of its `GET`.
    static func operationID(_ service: String, _ op: String, get: Bool) -> String {
        "\(service)_\(op.replacingDots)\(get ? "_get" : "")"
    }

    static func operation(
        _ op: OpDescription,
        of listing: OpsListing,
        get: Bool,
        headers: HeaderSchemas
    ) -> JSONValue {
        let service = listing.service
        let versioned = listing.resolved(op.resultSchema)?["properties"]?["version"] != nil
        var members: [(String, JSONValue)] = [
            ("operationId", .string(operationID(service, op.name, get: get))),
            ("summary", .string(op.summary)), ("tags", [.string(service)]),
            ("parameters", .array(headers.parameters(op, get: get) + (get ? queryParameters(op) : []))),
            ("responses", responses(op, of: listing, get: get, versioned: versioned)),
            ("security", security(op)),
        ]
        if let refusals = op.refusals {
            // What a schema-valid request may still be refused for, in words and for tools (`x-refusals`).
            let rules = refusals.map { "`\($0.field)` (\($0.code)): \($0.rule)" }
            members.append(
                ("description", .string("Refused beyond the schema: " + rules.joined(separator: "; ") + "."))
            )
            members.append(
                (
                    "x-refusals",
                    .array(
                        refusals.map {
                            ["code": .string($0.code), "field": .string($0.field), "rule": .string($0.rule)]
                        }
                    )
                )
            )
        }
        if !get {
            // A body is required when the args have required members: an empty one is `{}`, which lacks them.
            let required = !(op.schema["required"]?.arrayValue ?? []).isEmpty
            let body = mediaTypeObject(schema: op.schema, example: op.example?.args)
            members.append(("requestBody", ["required": .bool(required), "content": ["application/json": body]]))
        }
        return .object(JSONObject(members))
    }

    /// A `GET`'s arguments as query parameters: scalars and arrays of scalars by their schema, the rest as JSON;
    /// and `access_token`, for clients that cannot send `Authorization`.
    private static func queryParameters(_ op: OpDescription) -> [JSONValue] {
        let required = Set(op.schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let token: JSONValue = [
            "name": "access_token", "in": "query", "required": false, "schema": ["type": "string", "minLength": 1],
            "description": "the bearer token, for clients that cannot send Authorization (a subscribed calendar)",
        ]
        return [token]
            + (op.schema["properties"]?.objectValue?.members ?? []).map { name, schema in
                var parameter: [(String, JSONValue)] = [
                    ("name", .string(name)), ("in", "query"), ("required", .bool(required.contains(name))),
                ]
                // The op's example is the POST's body only: with examples on a GET's parameters, schemathesis sends
                // a JSON parameter beside them JSON-encoded twice.
                if QueryArgs.travelsAsText(schema) {
                    parameter.append(("schema", JSONSchema.withoutNull(schema)))
                } else {
                    parameter.append(("content", ["application/json": ["schema": schema]]))
                }
                return .object(JSONObject(parameter))
            }
    }

    private static func responses(
        _ op: OpDescription,
        of listing: OpsListing,
        get: Bool,
        versioned: Bool
    ) -> JSONValue {
        let service = listing.service
        let mediaType = OpResult.mediaType(service: service, op: op.name)
        let schema: JSONValue = mediaType == "application/json" ? (op.resultSchema ?? [:]) : ["type": "string"]
        var headers: [(String, JSONValue)] = [("X-Request-Id", ["schema": ["type": "string"]])]
        if versioned { headers.append(("ETag", ["schema": ["type": "string"]])) }
        if !get, op.effect?.changesNothing != true {
            headers.append(
                (
                    OpResult.idempotentReplayed.rawName,
                    [
                        "schema": ["const": "true"],
                        "description": "this is the stored answer of an earlier request with the same Idempotency-Key",
                    ]
                )
            )
        }
        if listing.resolved(op.resultSchema)?["properties"]?["nextCursor"] != nil {
            headers.append(("Link", ["schema": ["type": "string"], "description": "rel=\"next\": the next page"]))
        }
        // A file's example would be its text, not the result object the op's example holds.
        let example = mediaType == "application/json" ? op.example?.result : nil
        var success: [(String, JSONValue)] = [
            ("description", .string(op.summary)), ("headers", .object(JSONObject(headers))),
            ("content", .object(JSONObject([(mediaType, mediaTypeObject(schema: schema, example: example))]))),
        ]
        let links = OpenAPILinks.of(op, in: listing)
        if !links.isEmpty { success.append(("links", .object(JSONObject(links)))) }
        var responses: [(String, JSONValue)] = [("200", .object(JSONObject(success)))]
        if get, versioned {
            responses.append(("304", ["description": "Not modified: the If-None-Match tag still matches"]))
        }
        for (status, _) in problemStatuses where !get || !bodyStatuses.contains(status) {
            responses.append((status, ["$ref": .string("#/components/responses/\(status)")]))
        }
        return .object(JSONObject(responses))
    }

    /// A media type object: the schema, and the op's recorded example when there is one.
    private static func mediaTypeObject(schema: JSONValue, example: JSONValue?) -> JSONValue {
        example.map { ["schema": schema, "example": $0] } ?? ["schema": schema]
    }

    /// An op open to anyone (``Wire/OpAccess``) takes a token or none; every other needs one: a ledger session, or
    /// the orders staff key.
    private static func security(_ op: OpDescription) -> JSONValue {
        (op.access ?? .anyone) == .anyone ? [[:], ["bearer": []]] : [["bearer": []]]
    }
}

extension String {
    fileprivate var replacingDots: String { replacingOccurrences(of: ".", with: "_") }
}
