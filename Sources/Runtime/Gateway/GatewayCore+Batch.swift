import Majordomo
import Wire
import ZeroMQ

extension GatewayCore {
    /// `batch`: sends each sub-request to its service in parallel; the reply lists the sub-replies in order, each a
    /// full reply envelope, so one failing sub-request fails alone.
    /// - Parameters:
    ///   - caller: the end caller the batch names (the broker let it through, so its client may name callers): each
    ///     sub-request names it too, and counts against that caller's bucket and pending count.
    ///   - trace: the batch's `traceparent` and `tracestate`, which a sub-request without its own carries: its
    ///     worker's span is then a child of the batch's caller's.
    mutating func startBatch(
        route: ClientRoute,
        id: String?,
        args: JSONValue,
        caller: String?,
        trace: [(String, JSONValue)] = [],
        now: Instant
    ) -> [GatewayOutput] {
        guard let requests = args["requests"]?.arrayValue, !requests.isEmpty else {
            return failure(
                route,
                id: id,
                WireError(.invalidArgument, "requests must be a non-empty array", field: "requests")
            )
        }
        guard requests.count <= maximumBatchSize else {
            let message = "a batch carries at most \(maximumBatchSize) requests"
            return failure(route, id: id, WireError(.invalidArgument, message, field: "requests"))
        }
        if let problem = Self.shapeProblem(requests) { return failure(route, id: id, problem) }
        var deadline: Instant?
        if let value = args["deadlineMs"], value != .null {  // `null`, as for any optional argument, is absent
            guard let milliseconds = value.intValue, milliseconds > 0 else {
                let error = WireError(.invalidArgument, "deadlineMs must be a positive integer", field: "deadlineMs")
                return failure(route, id: id, error)
            }
            deadline = now + .milliseconds(milliseconds)
        }
        let key = batches.start(route: route, id: id, count: requests.count)
        var outputs: [GatewayOutput] = []
        for (index, request) in requests.enumerated() {
            switch Self.subRequest(request, index: index, caller: caller, trace: trace) {
            case .failure(let error):
                let reply = JSONCoding.errorReply(error, id: request["id"]?.stringValue)
                if let (route, body) = batches.record(batch: key, index: index, reply: reply) {
                    outputs += self.reply(route, service: GatewayService.name, body: body)
                }
            case .success(let (service, body)):
                let token = batches.token(batch: key, index: index)
                let actions = broker.submitOwnerRequest(
                    token: token,
                    service: service,
                    body: ZMQFrames([body]),
                    deadline: deadline,
                    client: caller.map { EndCaller.key(client: route.identity, caller: $0) } ?? route.identity,
                    now: now
                )
                outputs += execute(actions, now: now)
            }
        }
        return outputs
    }

    /// What makes the batch's sub-requests break the schema `batch` publishes, which refuses the whole batch: a
    /// sub-request that is not an object, without a `service` and an `op`, with an envelope member of another type
    /// or an `idempotencyKey` over 128 characters, or with U+0000 in a string the gateway reads (they come back in
    /// the replies: the `id`, "no service is named ..."). `null` for an optional member is absent. `args` is the
    /// worker's to check.
    private static func shapeProblem(_ requests: [JSONValue]) -> WireError? {
        for (index, request) in requests.enumerated() {
            let field = "requests[\(index)]"
            guard let object = request.objectValue else {
                return WireError(.invalidArgument, "\(field) must be an object", field: field)
            }
            for key in ["service", "op"] where (object[key]?.stringValue ?? "").isEmpty {
                return WireError(.invalidArgument, "\(field).\(key) is required", field: "\(field).\(key)")
            }
            for key in ["service", "op", "id", "token", "idempotencyKey", "traceparent", "tracestate"] {
                switch object[key] {
                case nil, .null?: continue
                case .string(let text)?:
                    if text.utf8.contains(0) {
                        return WireError(
                            .invalidArgument,
                            "\(field).\(key) may not contain U+0000",
                            field: "\(field).\(key)"
                        )
                    }
                    if key == "idempotencyKey", text.unicodeScalars.count > 128 {
                        return WireError(
                            .invalidArgument,
                            "\(field).idempotencyKey has over 128 characters",
                            field: "\(field).idempotencyKey"
                        )
                    }
                default:
                    return WireError(.invalidArgument, "\(field).\(key) must be a string", field: "\(field).\(key)")
                }
            }
            if let args = object["args"], args != .null, args.objectValue == nil {
                return WireError(.invalidArgument, "\(field).args must be an object", field: "\(field).args")
            }
        }
        return nil
    }

    /// Builds sub-request `index`'s request body, `caller` first, once ``shapeProblem(_:)`` found none; a service
    /// a batch may not call fails the sub-request alone.
    private static func subRequest(
        _ request: JSONValue,
        index: Int,
        caller: String?,
        trace: [(String, JSONValue)]
    ) -> Result<(String, [UInt8]), WireError> {
        let object = request.objectValue ?? JSONObject()
        let service = object["service"]?.stringValue ?? ""
        guard service != GatewayService.name, !service.hasPrefix(reservedServicePrefix) else {
            let field = "requests[\(index)].service"
            return .failure(WireError(.invalidArgument, "a batch cannot call \(service)", field: field))
        }
        var body = JSONObject(caller.map { [("caller", JSONValue.string($0))] } ?? [])
        body["op"] = object["op"] ?? ""
        body["args"] = object["args"] ?? [:]
        for key in ["id", "token", "idempotencyKey", "traceparent", "tracestate"] {
            if let value = object[key] { body[key] = value }
        }
        if object["traceparent"] == nil {
            for (key, value) in trace { body[key] = value }
        }
        return .success((service, JSONValue.object(body).serialized))
    }

    /// The string `traceparent` and `tracestate` of a request envelope, to pass on to a batch's sub-requests.
    static func traceFields(of request: JSONValue) -> [(String, JSONValue)] {
        ["traceparent", "tracestate"].compactMap { key in
            request[key]?.stringValue.map { (key, JSONValue.string($0)) }
        }
    }
}
