import Wire

/// The request headers an op's operation lists in the OpenAPI document, each with a schema that says what the bridge
/// accepts (docs/http.md, "The mapping"), so a generated client or a fuzzer sends values the bridge takes.
struct HeaderSchemas {
    /// The milliseconds a `Request-Timeout` may ask for.
    let requestTimeouts: ClosedRange<Int>

    /// The headers of `op`: `X-Request-Id` and `Request-Timeout` always, `Idempotency-Key` on a `POST`, `If-Match`
    /// for an op with a `version` argument, and `If-None-Match` on a `GET`.
    func parameters(_ op: OpDescription, get: Bool) -> [JSONValue] {
        var parameters: [JSONValue] = [
            header("X-Request-Id", ["type": "string", "maxLength": 128], "echoed back; made when absent"),
            header(
                "Request-Timeout",
                [
                    "type": "integer", "minimum": JSONValue(integerLiteral: requestTimeouts.lowerBound),
                    "maximum": JSONValue(integerLiteral: requestTimeouts.upperBound),
                ],
                "milliseconds to wait for the op"
            ),
        ]
        if !get {
            parameters.append(
                header(
                    "Idempotency-Key",
                    ["type": "string", "minLength": 1, "maxLength": 128],
                    "a replay returns the first response"
                )
            )
        }
        if op.schema["properties"]?["version"] != nil {
            parameters.append(
                header(
                    "If-Match",
                    ["type": "string", "pattern": .string(EntityTag.pattern)],
                    "the ETag last read; becomes the version argument"
                )
            )
        }
        if get { parameters.append(header("If-None-Match", ["type": "string"], "answers 304 while the ETag matches")) }
        return parameters
    }

    private func header(_ name: String, _ schema: JSONValue, _ description: String) -> JSONValue {
        [
            "name": .string(name), "in": "header", "required": false, "schema": schema,
            "description": .string(description),
        ]
    }
}
