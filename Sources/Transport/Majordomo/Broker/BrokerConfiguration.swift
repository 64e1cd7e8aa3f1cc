import ZeroMQ

/// How a ``BrokerStateMachine`` behaves.
public struct BrokerConfiguration: Sendable {
    /// How often the broker heartbeats each worker (default 1 s).
    public var heartbeatInterval: Duration
    /// Missed intervals after which a silent worker is purged (default 3).
    public var heartbeatLiveness: Int
    /// How long a request may wait for its reply, queued and in flight (default 5 s).
    public var defaultDeadline: Duration
    /// Per-service deadlines overriding ``defaultDeadline``.
    public var serviceDeadlines: [String: Duration]
    /// Requests a service may queue before new ones are refused (default 1,024).
    public var maximumQueuedPerService: Int
    /// Services that may exist at once (default 256); a READY for a new name beyond it is refused.
    public var maximumServices: Int
    /// How long a service outlives its last worker (default 1 s): its queued requests wait this long for a worker
    /// to come back, then get `noWorkers`, and the service is forgotten, so later requests are answered at once
    /// (except ``scaledFromZero``'s).
    public var serviceGracePeriod: Duration
    /// Services the owner answers itself (default `gateway`); workers may not register them.
    public var builtinServices: Set<String>
    /// Services that may scale to zero workers (default: none): known from the start and never forgotten, so a
    /// request for one with no worker waits in its queue, until a worker registers or its deadline passes, and is
    /// counted in its load (`health`), which is what starts a worker.
    public var scaledFromZero: Set<String>
    /// Each client's request rate and pending caps.
    public var clientLimits: ClientLimits
    /// Bytes the broker may hold for all requests, one service's queue and one worker.
    public var byteBudgets: ByteBudgets
    /// When a worker that lets requests pass their deadline is taken out of rotation.
    public var outlierEjection: OutlierEjection
    /// Which services' requests get a second copy when their worker holds them long (default: none).
    public var hedging: Hedging
    /// Whether a request may be sent to a second worker when its first one died. Reckon's gateway checks the
    /// JSON body for an `idempotencyKey`; it is called only on that failure path. Default: never.
    public var isRetryable: @Sendable (_ body: ZMQFrames) -> Bool
    /// Whether the broker records what happens to each request (``RequestEvent``) for its owner to trace.
    public var recordsRequestEvents = false
    /// The end caller a request body names (``EndCaller``), read for every request. Reckon's gateway reads the JSON
    /// body's `caller`. Default: none.
    public var endCaller: @Sendable (_ body: ZMQFrames) -> EndCaller

    public init(
        heartbeatInterval: Duration = .seconds(1),
        heartbeatLiveness: Int = 3,
        defaultDeadline: Duration = .seconds(5),
        serviceDeadlines: [String: Duration] = [:],
        maximumQueuedPerService: Int = 1024,
        maximumServices: Int = 256,
        serviceGracePeriod: Duration = .seconds(1),
        builtinServices: Set<String> = ["gateway"],
        scaledFromZero: Set<String> = [],
        clientLimits: ClientLimits = ClientLimits(),
        byteBudgets: ByteBudgets = ByteBudgets(),
        outlierEjection: OutlierEjection = OutlierEjection(),
        hedging: Hedging = Hedging(),
        isRetryable: @escaping @Sendable (_ body: ZMQFrames) -> Bool = { _ in false },
        endCaller: @escaping @Sendable (_ body: ZMQFrames) -> EndCaller = { _ in .none }
    ) {
        self.heartbeatInterval = heartbeatInterval
        self.heartbeatLiveness = heartbeatLiveness
        self.defaultDeadline = defaultDeadline
        self.serviceDeadlines = serviceDeadlines
        self.maximumQueuedPerService = maximumQueuedPerService
        self.maximumServices = maximumServices
        self.serviceGracePeriod = serviceGracePeriod
        self.builtinServices = builtinServices
        self.scaledFromZero = scaledFromZero
        self.clientLimits = clientLimits
        self.byteBudgets = byteBudgets
        self.outlierEjection = outlierEjection
        self.hedging = hedging
        self.isRetryable = isRetryable
        self.endCaller = endCaller
    }

    /// The deadline budget for `service`.
    func deadline(for service: String) -> Duration {
        serviceDeadlines[service] ?? defaultDeadline
    }
}

/// Running totals the broker keeps, for `stats` and metrics.
public struct BrokerCounters: Sendable, Hashable, Codable {
    public var requests = 0
    public var replies = 0
    public var dropped = 0
    public var queueFull = 0
    public var deadlineExceeded = 0
    public var noWorkers = 0
    /// Requests for a service no worker has registered since the gateway started (``BrokerFailure/unknownService``),
    /// or whose service frame is no name at all (``BrokerFailure/badServiceName``).
    public var unknownService = 0
    /// Requests refused for naming an end caller their client may not name, or an invalid one
    /// (``BrokerFailure/callerRefused``).
    public var callersRefused = 0
    public var workersLost = 0
    public var redispatched = 0
    public var workersExpired = 0
    public var disconnectsSent = 0
    /// READYs refused because ``BrokerConfiguration/maximumServices`` services existed.
    public var servicesRefused = 0
    /// Services forgotten after their grace period without workers.
    public var servicesForgotten = 0
    /// Workers purged because a message to them could not be sent.
    public var workersUnreachable = 0
    /// Client messages over the size or frame limit.
    public var requestsTooLarge = 0
    /// Worker messages over the size or frame limit.
    public var repliesTooLarge = 0
    /// Requests refused because their client was over its rate.
    public var rateLimited = 0
    /// Requests refused because their client had as many pending as it may.
    public var tooManyPending = 0
    /// READYs refused because the worker's user id may not serve the service (``ServicePermissions``).
    public var workersForbidden = 0
    /// Workers purged because new permissions no longer let them serve their service.
    public var workersRevoked = 0
    /// Requests refused because they would pass a byte budget.
    public var overByteBudget = 0
    /// Workers taken out of rotation for letting requests pass their deadline (``OutlierEjection``).
    public var workersEjected = 0
    /// Second copies of requests sent to a second worker (``Hedging``).
    public var hedges = 0
    /// Hedged requests the second copy answered first.
    public var hedgesWon = 0
    /// Queued requests refused after all to make room in a full queue for a client holding fewer.
    public var shed = 0
    /// Queued requests dropped because a reply to their client found it gone.
    public var queuedForGoneClients = 0

    public init() {}
}

/// One service's load, for `health`, `reckon status` and whoever scales its workers.
public struct ServiceHealth: Sendable, Hashable, Codable {
    public var name: String
    /// Slots of its live workers (a worker of capacity K counts K).
    public var workers: Int
    /// Slots free now.
    public var idle: Int
    /// Requests its workers hold now.
    public var busy: Int
    /// Requests waiting for a slot now.
    public var queued: Int
    /// Requests that arrived in the last ``BrokerStateMachine/loadWindowSeconds`` seconds.
    public var arrivals: Int
    /// The median and 90th percentile of the time from arrival to dispatch of the requests given to a worker in
    /// that window, in microseconds (at most 12.5 % over); `nil` when none was.
    public var queueWaitP50Micros: Int?
    public var queueWaitP90Micros: Int?
}
