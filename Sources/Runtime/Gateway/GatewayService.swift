import GatewayAPI
import Majordomo
import Wire
import ZeroMQ

/// The gateway's own service, `gateway`: each op's contract (GatewayAPI) with the core's answer to it. `ops` lists
/// the same table, so the listing cannot drift from what the gateway answers.
enum GatewayService {
    static let name = GatewayOps.service

    /// One op of the gateway's own: what `ops` says of it, and how the core answers it (given the request's route,
    /// its `id` and the whole request object).
    struct Builtin: Sendable {
        typealias Answer =
            @Sendable (inout GatewayCore, ClientRoute, String?, JSONValue, GatewayCore.Instant) -> [GatewayOutput]
        let description: OpDescription
        let answer: Answer

        init<Contract: OpContract>(_ contract: Contract.Type, answer: @escaping Answer) {
            description = OpDescription(contract)
            self.answer = answer
        }
    }

    /// The ops but `ops`, in listing order.
    private static let served: [Builtin] = [
        Builtin(BatchOp.self) { core, route, id, request, now in
            core.startBatch(
                route: route,
                id: id,
                args: request["args"] ?? [:],
                caller: request["caller"]?.stringValue,
                trace: GatewayCore.traceFields(of: request),
                now: now
            )
        },
        Builtin(HealthOp.self) { core, route, id, _, now in core.success(route, id: id, core.healthResult(now: now)) },
        Builtin(StatsOp.self) { core, route, id, _, _ in core.success(route, id: id, core.statsResult()) },
        Builtin(PingOp.self) { core, route, id, _, _ in core.success(route, id: id, NoArgs()) },
    ]

    /// What `ops` answers.
    static let listing = OpsListing.hoisting(service: name, ops: served.map(\.description) + [.ops]).listing

    /// Every op by name, `ops` included.
    static let builtins: [String: Builtin.Answer] = served.reduce(
        into: [OpDescription.ops.name: { core, route, id, _, _ in core.success(route, id: id, listing) }]
    ) { $0[$1.description.name] = $1.answer }
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
        guard let answer = GatewayService.builtins[op] else {
            return failure(route, id: id, WireError(.unknownOp, "gateway has no op \(op)", field: "op"))
        }
        return answer(&self, route, id, request, now)
    }

    func success<Result: Encodable>(_ route: ClientRoute, id: String?, _ result: Result) -> [GatewayOutput] {
        guard let body = try? JSONCoding.successReply(result, id: id) else {
            return failure(route, id: id, WireError(.internal, "the gateway could not encode its answer"))
        }
        return reply(route, service: GatewayService.name, body: body)
    }

    func failure(_ route: ClientRoute, id: String?, _ error: WireError) -> [GatewayOutput] {
        reply(route, service: GatewayService.name, body: JSONCoding.errorReply(error, id: id))
    }

    fileprivate func healthResult(now: Instant) -> HealthOp.Result {
        HealthOp.Result(
            services: health.map {
                HealthOp.ServiceHealth(
                    name: $0.name,
                    workers: $0.workers,
                    idle: $0.idle,
                    busy: $0.busy,
                    queued: $0.queued,
                    arrivals: $0.arrivals,
                    queueWaitP50Micros: $0.queueWaitP50Micros,
                    queueWaitP90Micros: $0.queueWaitP90Micros
                )
            },
            uptimeSeconds: Int((now - startedAt).components.seconds),
            windowSeconds: BrokerStateMachine.loadWindowSeconds
        )
    }

    fileprivate func statsResult() -> StatsOp.Result {
        let counters = broker.counters
        var stats = StatsOp.Result()
        stats.requests = counters.requests
        stats.replies = counters.replies
        stats.dropped = counters.dropped
        stats.queueFull = counters.queueFull
        stats.deadlineExceeded = counters.deadlineExceeded
        stats.noWorkers = counters.noWorkers
        stats.unknownService = counters.unknownService
        stats.callersRefused = counters.callersRefused
        stats.workersLost = counters.workersLost
        stats.redispatched = counters.redispatched
        stats.workersExpired = counters.workersExpired
        stats.disconnectsSent = counters.disconnectsSent
        stats.workersUnreachable = counters.workersUnreachable
        stats.servicesRefused = counters.servicesRefused
        stats.servicesForgotten = counters.servicesForgotten
        stats.requestsTooLarge = counters.requestsTooLarge
        stats.repliesTooLarge = counters.repliesTooLarge
        stats.rateLimited = counters.rateLimited
        stats.tooManyPending = counters.tooManyPending
        stats.overByteBudget = counters.overByteBudget
        stats.workersForbidden = counters.workersForbidden
        stats.workersRevoked = counters.workersRevoked
        stats.workersEjected = counters.workersEjected
        stats.hedges = counters.hedges
        stats.hedgesWon = counters.hedgesWon
        stats.shed = counters.shed
        stats.queuedForGoneClients = counters.queuedForGoneClients
        stats.clientsDenied = authentication.clientsDenied
        stats.workersDenied = authentication.workersDenied
        stats.allowListReloads = authentication.reloads
        stats.allowListReloadFailures = authentication.reloadFailures
        stats.pending = broker.pendingCount
        stats.pendingBytes = broker.pendingBytes
        stats.clientsTracked = broker.trackedClientCount
        stats.batchesInFlight = batches.inFlight
        return stats
    }
}
