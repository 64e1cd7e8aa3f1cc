import DequeModule
import HeapModule
import ZeroMQ

/// The Majordomo broker as a sans-IO state machine: feed it messages and clock ticks, execute the
/// ``BrokerAction``s it returns.
///
/// It routes each request to the least recently freed idle worker slot of its service (a worker holds one request,
/// or as many as the capacity its READY declared), queues requests while every slot is busy (bounded, with a
/// deadline, serving the clients in turn: ``FairQueue``), heartbeats workers and purges silent ones, re-dispatches a dead worker's requests once when
/// ``BrokerConfiguration/isRetryable`` allows, takes workers that let requests pass their deadline out of rotation
/// for a while (``OutlierEjection``), forgets a service a grace period after its
/// last worker left (and bounds how many exist), and answers MMI (RFC 8) itself. It never forwards a reply to anyone
/// but the origin of the request the worker was given.
///
/// ```swift
/// var broker = BrokerStateMachine(configuration: .init(), now: clock.now)
/// var actions: [BrokerAction] = []
/// broker.receiveFromClient(identity: id, frames: ZMQFrames(message).dropFirst(), now: clock.now, into: &actions)
/// for action in actions { execute(action) }
/// ```
public struct BrokerStateMachine: Sendable {
    public typealias Instant = ContinuousClock.Instant

    struct Worker: Sendable {
        var service: String
        var dialect: WorkerDialect
        var expiry: Instant
        /// How many requests it takes at once: 1, or what its READY declared (Reckon's extension).
        var capacity: Int
        /// The requests it holds, oldest first; at most ``capacity`` unless a later READY lowered it.
        var requestIDs: [UInt64] = []
        /// The user id its connection authenticated as, checked against ``permissions``.
        var userID: String?
        /// What its requests count for (``ByteBudgets``).
        var heldBytes = 0
        /// It reached ``ByteBudgets/worker`` and its free slots left the idle list; they return when it answers.
        var waitsForBudget = false
        /// Requests it let pass their deadline since its last reply in time (``OutlierEjection``).
        var consecutiveDeadlines = 0
        /// How many times it was ejected.
        var ejections = 0
        /// Its FINAL answered a request: its slots come before those of workers that have not (``IdleSlots``).
        var proven = false
    }

    struct Service: Sendable {
        /// Its queued requests, served client by client in turn.
        var queue = FairQueue()
        /// One entry per request a worker could take now, proven workers' first, least recently freed first.
        var idle = IdleSlots()
        /// What the queued requests count for (``ByteBudgets``).
        var queuedBytes = 0
        /// Worker connections registered.
        var workerCount = 0
        /// The sum of their capacities: the requests the service can serve at once.
        var slotCount = 0
        /// Its workers out of rotation (``OutlierEjection``).
        var ejectedCount = 0
        /// Its proven workers (``IdleSlots``) in rotation: while it has one, a request sent again or a second copy
        /// waits for one.
        var provenCount = 0
        /// When the last worker left; the service is forgotten a grace period later.
        var emptySince: Instant?
        /// Its recent reply times, when its requests may be hedged (``Hedging``).
        var latency: LatencyEstimate?
        /// Its credit for hedges.
        var hedgeBudget = HedgeBudget()
        /// Its arrivals and queue waits over the last seconds, for scaling its workers (`health`).
        var load: LoadWindow
    }

    struct Pending: Sendable {
        var origin: RequestOrigin
        var service: String
        var body: ZMQFrames
        var deadline: Instant
        var worker: ZMQRoutingID?
        /// The origin was already answered (deadline passed in flight); the worker's reply will be dropped.
        var answered = false
        var attempts = 0
        /// The client it is made for: its pending count holds the request (when its limits are tracked), and the
        /// request waits in that client's turn of its service's ``FairQueue``.
        var client: ZMQRoutingID?
        /// What it counts for in the byte budgets: ``ByteBudgets/cost(of:)`` of its body, then only
        /// ``ByteBudgets/requestOverhead`` once the body is let go.
        var bytes: Int
        /// When ``worker`` was given it, for a service whose requests may be hedged.
        var dispatchedAt: Instant?
        /// When it arrived: its queue wait is measured from here to its first dispatch (``LoadWindow``).
        var arrivedAt: Instant
        /// Its second copy (``Hedging``): waiting in the queue, or held by a second worker.
        var hedge: Hedge?
        /// The second copy answered it while ``worker`` still holds it: the worker is counted as letting it pass its
        /// deadline if it still holds it then.
        var outrun = false
    }

    enum Hedge: Sendable, Equatable {
        case queued
        case held(by: ZMQRoutingID)
    }

    public let configuration: BrokerConfiguration
    var workers: [ZMQRoutingID: Worker] = [:]
    var services: [String: Service] = [:]
    var pending: [UInt64: Pending] = [:]
    /// Requests given to a worker of a service that hedges, each with when it is due a second copy, soonest first
    /// (``Hedging``): delays differ by service and change with its p99, so the order given is not the order due.
    var hedgeTimers = Heap<HedgeTimer>()
    /// The time of the event being handled.
    var eventTime: Instant
    /// Workers out of rotation, with when they come back (``OutlierEjection``).
    var ejectedUntil: [ZMQRoutingID: Instant] = [:]
    /// What happened to requests since the owner last took them (``RequestEvent``), when it asked for them.
    var requestEvents: [RequestEvent] = []
    /// What every request in ``pending`` counts for (``ByteBudgets``).
    public internal(set) var pendingBytes = 0
    var clients: ClientTable
    var nextRequestID: UInt64 = 1
    var nextHeartbeat: Instant
    /// Which services each worker may serve; `nil` lets any worker serve any service.
    public internal(set) var permissions: ServicePermissions?
    /// Running totals.
    public internal(set) var counters = BrokerCounters()
    /// Every service name a worker has registered since the start (at most four times ``BrokerConfiguration/
    /// maximumServices``): a request for one of them while it has no worker is `noWorkers`, for any other
    /// `unknownService`.
    var everServed: Set<String> = []
    /// From when a name no worker ever registered is `unknownService`: a heartbeat expiry after the start, by when
    /// a live worker of a gateway that restarted has sent its READY again.
    let knowsEveryServiceFrom: Instant
    /// When the broker started: the origin of every service's ``LoadWindow`` seconds.
    let start: Instant

    public init(configuration: BrokerConfiguration, now: Instant) {
        self.configuration = configuration
        self.clients = ClientTable(limits: configuration.clientLimits)
        self.nextHeartbeat = now + configuration.heartbeatInterval
        self.eventTime = now
        self.knowsEveryServiceFrom = now + configuration.heartbeatInterval * configuration.heartbeatLiveness
        self.start = now
        for name in configuration.scaledFromZero {
            services[name] = newService(name)
            services[name]!.emptySince = now
            everServed.insert(name)
        }
    }

    /// Each service's worker slots (a worker of capacity K counts K), idle and busy slots, queue depth, and its
    /// arrivals and queue waits over the last ``LoadWindow/seconds`` seconds, by name.
    public var health: [ServiceHealth] {
        var busy: [String: Int] = [:]
        for worker in workers.values { busy[worker.service, default: 0] += worker.requestIDs.count }
        return services.map { name, service in
            let load = service.load.summary(at: eventTime)
            return ServiceHealth(
                name: name,
                workers: service.slotCount,
                idle: service.idle.count,
                busy: busy[name] ?? 0,
                queued: service.queue.count,
                arrivals: load.arrivals,
                queueWaitP50Micros: load.waitP50Micros,
                queueWaitP90Micros: load.waitP90Micros
            )
        }.sorted { $0.name < $1.name }
    }

    /// The window `health`'s arrivals and queue waits cover, in seconds.
    public static var loadWindowSeconds: Int { LoadWindow.seconds }

    /// Requests the broker holds, queued or in flight.
    public var pendingCount: Int { pending.count }

    /// How long the I/O loop may sleep before it must call ``tick(now:)``: deadlines are checked at this
    /// resolution (a tenth of the heartbeat interval, at most 100 ms).
    public var tickInterval: Duration { min(configuration.heartbeatInterval / 10, .milliseconds(100)) }

    var workerExpiry: Duration { configuration.heartbeatInterval * configuration.heartbeatLiveness }
}

// MARK: - Dispatch

extension BrokerStateMachine {
    /// Queues a request and dispatches what can be dispatched.
    /// - Parameter client: the routing id whose pending count the request holds, if any.
    mutating func submit(
        origin: RequestOrigin,
        client: ZMQRoutingID?,
        service name: String,
        body: ZMQFrames,
        deadline: Instant?,
        now: Instant,
        into actions: inout [BrokerAction]
    ) {
        counters.requests += 1
        // A service is known from a worker's READY until a grace period after its last worker left; meanwhile its
        // requests wait for a worker to come back. Any other name is answered at once.
        // Dictionary values are mutated in place throughout (`services[name]!.queue.append`): a copy taken out and
        // written back would make every request copy the service's queues.
        guard services[name] != nil else {
            let unknown = now >= knowsEveryServiceFrom && !everServed.contains(name)
            if unknown { counters.unknownService += 1 } else { counters.noWorkers += 1 }
            actions.append(
                .fail(origin: origin, service: name, failure: unknown ? .unknownService : .noWorkers, body: body)
            )
            return
        }
        let bytes = ByteBudgets.cost(of: body)
        if let failure = overTotalByteBudget(bytes: bytes) ?? makeRoom(
            in: name,
            for: client,
            bytes: bytes,
            into: &actions
        )
            ?? hold(client, bytes: bytes, now: now)
        {
            count(failure)
            actions.append(.fail(origin: origin, service: name, failure: failure, body: body))
            return
        }
        let id = nextRequestID
        nextRequestID += 1
        let budget = now + configuration.deadline(for: name)
        pending[id] = Pending(
            origin: origin,
            service: name,
            body: body,
            deadline: min(deadline ?? budget, budget),
            client: client,
            bytes: bytes,
            arrivedAt: now
        )
        services[name]!.load.arrived(at: now)
        record(.arrived(id: id, service: name, body: body))
        pendingBytes += bytes
        enqueue(id, in: name)
        dispatch(name, into: &actions)
    }

    /// Hands queued requests of `name` to idle worker slots, least recently freed first; a request's second copy
    /// (``Hedging``) never goes to the worker holding the first.
    mutating func dispatch(_ name: String, into actions: inout [BrokerAction]) {
        // Values are read and changed in place through their index, which no change of a value moves: read through
        // the key (`services[name]?.queue.isEmpty`, `pending[id] != nil`) they were copied out whole, and this loop
        // cost about 20 allocations per request under a queue (docs/decisions.md).
        guard let service = services.index(forKey: name) else { return }
        // The queue is asked for its next request only when a slot is free: choosing it moves the turns on.
        while services.values[service].idle.count > 0, let id = services.values[service].queue.first,
            let identity = services.values[service].idle.popFirst()
        {
            guard let request = pending.index(forKey: id) else {
                services.values[service].queue.removeFirst()
                services.values[service].idle.prepend(identity, proven: workers[identity]?.proven ?? false)
                continue
            }
            // A slot of a worker already gone is dropped.
            guard let worker = workers.index(forKey: identity) else { continue }
            // A request sent again (its worker lost) or a second copy goes to a worker that has answered, when the
            // service has one in rotation: waiting for it beats another worker that may never answer. Only unproven
            // slots are free (they come last), so nothing more is dispatched until a proven one is.
            if !workers.values[worker].proven, services.values[service].provenCount > 0,
                pending.values[request].attempts > 0 || pending.values[request].worker != nil
            {
                services.values[service].idle.prepend(identity, proven: false)
                break
            }
            // While the service has a proven worker, one that has not answered holds one request at most, whatever
            // capacity its READY claimed: its other slots leave the idle list until its first reply.
            if !workers.values[worker].proven, !workers.values[worker].requestIDs.isEmpty,
                services.values[service].provenCount > 0
            {
                continue
            }
            let bytes = pending.values[request].bytes
            // A worker at its byte budget takes nothing more until it answers (`complete` gives its slots back).
            if workers.values[worker].heldBytes > 0,
                workers.values[worker].heldBytes + bytes > configuration.byteBudgets.worker
            {
                services.values[service].idle.removeAll(of: identity)
                workers.values[worker].waitsForBudget = true
                continue
            }
            let holder = pending.values[request].worker
            services.values[service].queue.removeFirst()
            services.values[service].queuedBytes -= bytes
            if holder == identity {
                // A second copy goes to another worker or nowhere.
                services.values[service].idle.prepend(identity, proven: workers.values[worker].proven)
                pending.values[request].hedge = nil
                continue
            } else if holder != nil {
                pending.values[request].hedge = .held(by: identity)
                counters.hedges += 1
            } else {
                if pending.values[request].attempts == 0 {
                    let waited = eventTime - pending.values[request].arrivedAt
                    services.values[service].load.dispatched(waited: waited, at: eventTime)
                }
                pending.values[request].worker = identity
                armHedge(request, of: service)
            }
            workers.values[worker].requestIDs.append(id)
            workers.values[worker].heldBytes += bytes
            let body = pending.values[request].body
            let attempt = pending.values[request].attempts
            record(.dispatched(id: id, worker: identity, attempt: attempt, secondCopy: holder != nil))
            let message = WorkerMessage.request(dialect: workers.values[worker].dialect, requestID: id, body: body)
            actions.append(.sendToWorker(identity: identity, message: message))
        }
    }
}
