/// The routing part of a request body: everything but `args` (API.md, "Envelope").
///
/// Workers decode this first to find the op, then decode `args` straight into the op's own type, so numbers in
/// arguments are read once, from their source text.
public struct RequestHeader: Codable, Sendable, Hashable {
    public var op: String
    public var id: String?
    public var token: String?
    public var idempotencyKey: String?
    /// The end caller a bridge sends the request for (`user:ID` or `address:IP`): the gateway keys its per-client
    /// limits and fair turns by it, and the ledger its sign-in throttle. Only a client the gateway trusts to name
    /// callers may send it (API.md, "Envelope").
    public var caller: String?
    /// The caller's W3C Trace Context, which the worker's span continues (API.md, "Tracing"): `traceparent` as its
    /// HTTP header is written; one the worker cannot read starts a new trace, as a malformed header does.
    public var traceparent: String?
    /// The vendor part of the caller's trace context, passed on with ``traceparent``.
    public var tracestate: String?

    public init(
        op: String,
        id: String? = nil,
        token: String? = nil,
        idempotencyKey: String? = nil,
        caller: String? = nil,
        traceparent: String? = nil,
        tracestate: String? = nil
    ) {
        self.op = op
        self.id = id
        self.token = token
        self.idempotencyKey = idempotencyKey
        self.caller = caller
        self.traceparent = traceparent
        self.tracestate = tracestate
    }

    /// The header of a parsed request body, read straight from its members: `nil` unless `request` is an object
    /// whose `op` is a string and whose `id`, `token`, `idempotencyKey`, `caller`, `traceparent` and `tracestate`
    /// are strings, `null` or absent (what decoding it with `Codable` accepts, without the decoder's cost on every
    /// request).
    public init?(request: JSONValue) {
        guard case .object(let members) = request, case .string(let op)? = members["op"],
            let id = Self.optionalString(members["id"]), let token = Self.optionalString(members["token"]),
            let idempotencyKey = Self.optionalString(members["idempotencyKey"]),
            let caller = Self.optionalString(members["caller"]),
            let traceparent = Self.optionalString(members["traceparent"]),
            let tracestate = Self.optionalString(members["tracestate"])
        else { return nil }
        self.init(
            op: op,
            id: id,
            token: token,
            idempotencyKey: idempotencyKey,
            caller: caller,
            traceparent: traceparent,
            tracestate: tracestate
        )
    }

    /// `.some(nil)` for an absent or `null` member, `.some(text)` for a string, `nil` for anything else.
    private static func optionalString(_ value: JSONValue?) -> String?? {
        switch value {
        case nil, .null?: .some(nil)
        case .string(let text)?: .some(text)
        default: nil
        }
    }
}

/// A reply body: `{"ok": true, "id", "result"}` or `{"ok": false, "id", "error"}`. A replayed idempotent write's
/// reply also says `"replayed": true` (``JSONCoding/successReply(resultJSON:id:replayed:)``).
public struct Reply<Result: Codable & Sendable>: Codable, Sendable {
    public var ok: Bool
    public var id: String?
    public var result: Result?
    public var error: WireError?

    /// A successful reply.
    public static func success(_ result: Result, id: String?) -> Reply {
        Reply(ok: true, id: id, result: result, error: nil)
    }

    /// A failed reply.
    public static func failure(_ error: WireError, id: String?) -> Reply {
        Reply(ok: false, id: id, result: nil, error: error)
    }

    /// The result, or the reply's error thrown.
    /// - Throws: ``WireError`` when the reply is not ok.
    public func get() throws -> Result {
        if ok, let result { return result }
        throw error ?? WireError(.internal, "reply has neither result nor error")
    }
}
