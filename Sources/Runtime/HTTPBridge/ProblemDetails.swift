import HTTPTypes
import Hummingbird
import Wire

/// A wire error as an RFC 9457 `application/problem+json` response: `type`, `title`, `status` and `detail`, with
/// the wire error's `code`, `message`, `field`, `details` and `retryAfterSeconds` kept as extension members.
/// Statuses follow grpc-gateway's table (docs/http.md).
enum ProblemDetails {
    /// The HTTP status of a wire error; `failed_precondition`, and a stale `version` (`conflict` on `version`), are 412
    /// when the request carried `If-Match` (RFC 9110: its precondition failed). An idempotency key reused with other
    /// arguments (`conflict` on `idempotencyKey`) is 422, as draft-ietf-httpapi-idempotency-key-header says.
    static func status(of error: WireError, conditional: Bool) -> HTTPResponse.Status {
        if conditional, error.code == .conflict, error.field == "version" { return .preconditionFailed }
        if error.code == .conflict, error.field == "idempotencyKey" { return .unprocessableContent }
        return switch error.code {
        case .invalidArgument, .malformedRequest: .badRequest
        case .unauthenticated: .unauthorized
        case .permissionDenied: .forbidden
        case .notFound, .unknownOp, .unknownService: .notFound
        case .conflict, .alreadyExists: .conflict
        case .failedPrecondition: conditional ? .preconditionFailed : .badRequest
        case .resourceExhausted: .tooManyRequests
        case .unavailable: .serviceUnavailable
        case .deadlineExceeded: .gatewayTimeout
        default: .internalServerError
        }
    }

    /// The problem type of a code: a tag URI (RFC 4151), stable and not meant to be fetched.
    static func type(of code: WireError.Code) -> String { "tag:reckon.dev,2026:error:\(code.rawValue)" }

    /// The answer for `error`, with `Retry-After` for `resource_exhausted` and `unavailable`.
    /// - Parameter status: the status, when another than the code's (413 for a body over the limit, say).
    static func answer(
        _ error: WireError,
        conditional: Bool = false,
        status explicit: HTTPResponse.Status? = nil,
        headers extra: HTTPFields = [:]
    ) -> BridgeAnswer {
        let status = explicit ?? status(of: error, conditional: conditional)
        var members: [(String, JSONValue)] = [
            ("type", .string(type(of: error.code))), ("title", .string(status.reasonPhrase)),
            ("status", JSONValue(integerLiteral: status.code)), ("detail", .string(error.message)),
            ("code", .string(error.code.rawValue)), ("message", .string(error.message)),
        ]
        if let field = error.field { members.append(("field", .string(field))) }
        if let details = error.details {
            members.append(
                (
                    "details",
                    .array(
                        details.map {
                            [
                                "field": .string($0.field), "code": .string($0.code.rawValue),
                                "message": .string($0.message),
                            ]
                        }
                    )
                )
            )
        }
        var headers = extra
        headers[.contentType] = "application/problem+json"
        if let seconds = error.retryAfterSeconds {
            members.append(("retryAfterSeconds", JSONValue(integerLiteral: seconds)))
            headers[.retryAfter] = String(seconds)
        } else if error.code == .unavailable || error.code == .resourceExhausted {
            headers[.retryAfter] = "1"
        }
        return BridgeAnswer(
            status: status,
            headers: headers,
            body: ByteBuffer(bytes: JSONValue.object(JSONObject(members)).serialized)
        )
    }

    /// The JSON Schema of a problem, for the OpenAPI document.
    static let schema: JSONValue = [
        "type": "object", "required": ["type", "title", "status", "code", "message"],
        "properties": [
            "type": ["type": "string"], "title": ["type": "string"], "status": ["type": "integer"],
            "detail": ["type": "string"], "code": ["type": "string"], "message": ["type": "string"],
            "field": ["type": "string"], "retryAfterSeconds": ["type": "integer"],
            "details": [
                "type": "array",
                "items": [
                    "type": "object", "required": ["field", "code", "message"],
                    "properties": [
                        "field": ["type": "string"], "code": ["type": "string"], "message": ["type": "string"],
                    ],
                ],
            ],
        ],
    ]
}
