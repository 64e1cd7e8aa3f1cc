import Wire

/// A request ready to send: its MDP body, with the JSON id of the call it belongs to.
public struct QueuedRequest: Sendable {
    public let id: String
    public let service: String
    public let body: [UInt8]
    /// Whether it may be sent again through another gateway (it carries an idempotency key, or only reads).
    public let resendable: Bool

    init(id: String, service: String, body: [UInt8], resendable: Bool) {
        self.id = id
        self.service = service
        self.body = body
        self.resendable = resendable
    }

    /// The wire request for `call` under the JSON id `id` (docs/api.md's request envelope). A caller comes first, so
    /// the gateway's scan for it (``Wire/JSONMemberScan``) stops at once.
    public init(_ call: ReckonClient.Request, id: String) {
        var request = JSONObject(call.caller.map { [("caller", JSONValue.string($0))] } ?? [])
        request["op"] = .string(call.op)
        request["args"] = call.args
        request["id"] = .string(id)
        if let token = call.token { request["token"] = .string(token) }
        if let key = call.idempotencyKey { request["idempotencyKey"] = .string(key) }
        if let traceparent = call.traceparent { request["traceparent"] = .string(traceparent) }
        if let tracestate = call.tracestate { request["tracestate"] = .string(tracestate) }
        self.init(
            id: id,
            service: call.service,
            body: JSONValue.object(request).serialized,
            resendable: call.idempotencyKey != nil
        )
    }
}
