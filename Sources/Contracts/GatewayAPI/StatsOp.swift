import Wire

/// `stats`: the gateway's running totals since it started, and four current values.
public enum StatsOp: OpContract {
    public static let service = GatewayOps.service
    public static let name = "stats"
    public static let effect = OpEffect.read
    public static let summary = "Gateway counters"
    public static let argsSchema = NoArgs.jsonSchema
    public typealias Args = NoArgs

    /// The counters, all integers (docs/api.md, "stats", says what each counts).
    public struct Result: Codable, Sendable, Hashable {
        public var requests = 0
        public var replies = 0
        public var dropped = 0
        public var queueFull = 0
        public var deadlineExceeded = 0
        public var noWorkers = 0
        public var unknownService = 0
        public var callersRefused = 0
        public var workersLost = 0
        public var redispatched = 0
        public var workersExpired = 0
        public var disconnectsSent = 0
        public var workersUnreachable = 0
        public var servicesRefused = 0
        public var servicesForgotten = 0
        public var requestsTooLarge = 0
        public var repliesTooLarge = 0
        public var rateLimited = 0
        public var tooManyPending = 0
        public var overByteBudget = 0
        public var workersForbidden = 0
        public var workersRevoked = 0
        public var workersEjected = 0
        public var hedges = 0
        public var hedgesWon = 0
        public var shed = 0
        public var queuedForGoneClients = 0
        public var clientsDenied = 0
        public var workersDenied = 0
        public var allowListReloads = 0
        public var allowListReloadFailures = 0
        /// Requests held now, queued or in flight.
        public var pending = 0
        /// Bytes those requests count for in the gateway's byte budgets.
        public var pendingBytes = 0
        /// Clients whose rate or pending count the gateway keeps now.
        public var clientsTracked = 0
        /// Batches waiting for sub-replies now.
        public var batchesInFlight = 0

        /// All zero.
        public init() {}
    }
}
