import Majordomo
import Wire
import ZeroMQ

extension GatewayCore {
    /// `batch`: sends each sub-request to its service in parallel; the reply lists the sub-replies in order, each a
    /// full reply envelope, so one failing sub-request fails alone.
    /// - Parameter caller: the end caller the batch names (the broker let it through, so its client may name
    ///   callers): each sub-request names it too, and counts against that caller's bucket and pending count.
    mutating func startBatch(
        route: ClientRoute,
        id: String?,
        args: JSONValue,
        caller: String?,
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
        var deadline: Instant?
        if let value = args["deadlineMs"] {
            guard let milliseconds = value.intValue, milliseconds > 0 else {
                let error = WireError(.invalidArgument, "deadlineMs must be a positive integer", field: "deadlineMs")
                return failure(route, id: id, error)
            }
            deadline = now + .milliseconds(milliseconds)
        }
        let key = batches.start(route: route, id: id, count: requests.count)
        var outputs: [GatewayOutput] = []
        for (index, request) in requests.enumerated() {
            switch Self.subRequest(request, index: index, caller: caller) {
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

    /// Validates sub-request `index` and builds its request body, `caller` first.
    private static func subRequest(
        _ request: JSONValue,
        index: Int,
        caller: String?
    ) -> Result<(String, [UInt8]), WireError> {
        let field = "requests[\(index)]"
        guard let object = request.objectValue else {
            return .failure(WireError(.invalidArgument, "\(field) must be an object", field: field))
        }
        guard let service = object["service"]?.stringValue, !service.isEmpty else {
            return .failure(WireError(.invalidArgument, "\(field).service is required", field: "\(field).service"))
        }
        guard service != GatewayService.name, !service.hasPrefix(reservedServicePrefix) else {
            return .failure(WireError(.invalidArgument, "a batch cannot call \(service)", field: "\(field).service"))
        }
        guard let op = object["op"]?.stringValue else {
            return .failure(WireError(.invalidArgument, "\(field).op is required", field: "\(field).op"))
        }
        var body = JSONObject(caller.map { [("caller", JSONValue.string($0))] } ?? [])
        body["op"] = .string(op)
        body["args"] = object["args"] ?? [:]
        for key in ["id", "token", "idempotencyKey"] {
            if let value = object[key] { body[key] = value }
        }
        return .success((service, JSONValue.object(body).serialized))
    }
}
