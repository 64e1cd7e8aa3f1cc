import Majordomo
import Wire
import ZeroMQ

/// The gateway's own service, `gateway`: `batch`, `health`, `stats` and `ops`.
enum GatewayService {
    static let name = "gateway"

    /// The ops, with the JSON Schema of their arguments, for `ops`.
    static let ops: JSONValue = [
        "service": "gateway",
        "ops": [
            [
                "name": "batch", "summary": "Fans requests out to several services and gathers the replies in order",
                "schema": [
                    "type": "object", "required": ["requests"],
                    "properties": [
                        "requests": [
                            "type": "array", "minItems": 1,
                            "items": [
                                "type": "object", "required": ["service", "op"],
                                "properties": [
                                    "service": ["type": "string"], "op": ["type": "string"], "args": ["type": "object"],
                                    "id": ["type": "string"], "token": ["type": "string"],
                                    "idempotencyKey": ["type": "string", "maxLength": 128],
                                ],
                            ],
                        ],
                        "deadlineMs": ["type": "integer", "minimum": 1],
                    ],
                ],
            ],
            [
                "name": "health", "summary": "Services with their workers, idle workers and queue depth",
                "schema": ["type": "object"],
            ],
            ["name": "stats", "summary": "Gateway counters", "schema": ["type": "object"]],
            [
                "name": "ping", "summary": "Answers {} at once: a client's probe that this gateway is alive",
                "schema": ["type": "object"],
            ],
            ["name": "ops", "summary": "This list", "schema": ["type": "object"]],
        ],
    ]
}

extension GatewayCore {
    /// Answers a request to the `gateway` service.
    mutating func handleBuiltin(route: ClientRoute, body: ZMQFrames, now: Instant) -> [GatewayOutput] {
        guard body.count == 1, let request = body.firstJSON, request.objectValue != nil else {
            return failure(route, id: nil, WireError(.malformedRequest, "request body must be one JSON object"))
        }
        let id = request["id"]?.stringValue
        guard let op = request["op"]?.stringValue else {
            return failure(route, id: id, WireError(.malformedRequest, "op is required", field: "op"))
        }
        let args = request["args"] ?? [:]
        switch op {
        case "batch": return startBatch(route: route, id: id, args: args, now: now)
        case "health": return success(route, id: id, healthResult(now: now))
        case "stats": return success(route, id: id, statsResult())
        case "ping": return success(route, id: id, [:])
        case "ops": return success(route, id: id, GatewayService.ops)
        default: return failure(route, id: id, WireError(.unknownOp, "gateway has no op \(op)", field: "op"))
        }
    }

    func success(_ route: ClientRoute, id: String?, _ result: JSONValue) -> [GatewayOutput] {
        let body: JSONValue = ["ok": true, "id": id.map(JSONValue.string) ?? .null, "result": result]
        return reply(route, service: GatewayService.name, body: body.serialized)
    }

    func failure(_ route: ClientRoute, id: String?, _ error: WireError) -> [GatewayOutput] {
        reply(route, service: GatewayService.name, body: JSONCoding.errorReply(error, id: id))
    }

    private func healthResult(now: Instant) -> JSONValue {
        let services = health.map { service -> JSONValue in
            [
                "name": .string(service.name), "workers": .init(integerLiteral: service.workers),
                "idle": .init(integerLiteral: service.idle), "queued": .init(integerLiteral: service.queued),
            ]
        }
        let uptime = now - startedAt
        return ["services": .array(services), "uptimeSeconds": .init(integerLiteral: Int(uptime.components.seconds))]
    }

    private func statsResult() -> JSONValue {
        let counters = broker.counters
        let fields: [(String, Int)] = [
            ("requests", counters.requests), ("replies", counters.replies), ("dropped", counters.dropped),
            ("queueFull", counters.queueFull), ("deadlineExceeded", counters.deadlineExceeded),
            ("noWorkers", counters.noWorkers), ("workersLost", counters.workersLost),
            ("redispatched", counters.redispatched), ("workersExpired", counters.workersExpired),
            ("disconnectsSent", counters.disconnectsSent), ("workersUnreachable", counters.workersUnreachable),
            ("servicesRefused", counters.servicesRefused), ("servicesForgotten", counters.servicesForgotten),
            ("requestsTooLarge", counters.requestsTooLarge), ("repliesTooLarge", counters.repliesTooLarge),
            ("rateLimited", counters.rateLimited), ("tooManyPending", counters.tooManyPending),
            ("workersForbidden", counters.workersForbidden), ("workersRevoked", counters.workersRevoked),
            ("clientsDenied", authentication.clientsDenied), ("workersDenied", authentication.workersDenied),
            ("allowListReloads", authentication.reloads), ("allowListReloadFailures", authentication.reloadFailures),
            ("pending", broker.pendingCount), ("clientsTracked", broker.trackedClientCount),
            ("batchesInFlight", batches.inFlight),
        ]
        return .object(JSONObject(fields.map { ($0.0, JSONValue(integerLiteral: $0.1)) }))
    }
}
