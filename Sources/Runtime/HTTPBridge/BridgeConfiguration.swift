import ReckonClient

/// How `reckon-http` reaches the gateways and guards its HTTP side.
public struct BridgeConfiguration: Sendable {
    /// - `client` (one gateway on `tcp://127.0.0.1:5555`): the gateways and how calls fail over between them.
    public var client: ReckonClient.Configuration
    /// - `requestTimeouts` (milliseconds, 1000...30000): the waits a `Request-Timeout` header may ask for; the
    ///   default wait is the client's `timeout`.
    public var requestTimeouts: ClosedRange<Int>
    /// - `corsOrigins` (none): origins a browser may call from (`*` for any); none turns CORS off.
    public var corsOrigins: [String]
    /// - `maxBodyBytes` (int, 1 MiB): the largest request body; a larger one is refused with 413.
    public var maxBodyBytes: Int
    /// - `rate` (100 a second, 200 at once): what one caller (a confirmed user, else an address) may send; a
    ///   `gateway batch` counts once per request it carries.
    public var rate: RateLimit
    /// - `longPollsPerCaller` (16): `activity.wait` and `roommates.wait` calls and activity streams one caller may
    ///   hold at once; 0 is no cap.
    public var longPollsPerCaller: Int
    /// - `trustedProxies` (none): the proxies whose `Forwarded` / `X-Forwarded-For` names the client's address.
    public var trustedProxies: TrustedProxies
    /// - `catalogRefresh` (duration, 30 s): how often the ops of every service are read again.
    public var catalogRefresh: Duration
    /// - `connections`: how many connections the bridge holds, and how long each may take to send a request.
    public var connections: ConnectionLimits
    /// - `allowedHosts` (any): the `Host` values the bridge answers (`host` for any port, or `host:port`); others
    ///   get 421. Empty answers any.
    public var allowedHosts: [String]
    /// - `operatorOps` (none served): the ops only an operator's token may call over HTTP.
    public var operatorOps: OperatorOps

    /// The bridge's connections: caps (past them a connection is closed as soon as it is accepted) and the
    /// ``RequestDeadlines`` each runs under.
    public struct ConnectionLimits: Sendable {
        /// - `total` (10,000, and never more than fit the descriptor limit): connections held at once.
        public var total: Int
        /// - `perAddress` (256): connections held at once from one client address.
        public var perAddress: Int
        /// - `idle` (30 s), `head` (10 s), `body` (30 s): the waits for a request, its head and its body.
        var deadlines: RequestDeadlines.Limits

        public init(
            total: Int = 10_000,
            perAddress: Int = 256,
            idle: Duration = .seconds(30),
            head: Duration = .seconds(10),
            body: Duration = .seconds(30)
        ) {
            self.total = total
            self.perAddress = perAddress
            deadlines = .init(idle: idle, head: head, body: body)
        }
    }

    /// A token bucket: `perSecond` refill, `burst` capacity; `perSecond` 0 turns the limit off.
    public struct RateLimit: Sendable {
        public var perSecond: Int
        public var burst: Int

        public init(perSecond: Int, burst: Int) {
            self.perSecond = perSecond
            self.burst = max(burst, perSecond)
        }
    }

    public init(
        client: ReckonClient.Configuration = .init(),
        requestTimeouts: ClosedRange<Int> = 1000...30_000,
        corsOrigins: [String] = [],
        maxBodyBytes: Int = 1 << 20,
        rate: RateLimit = .init(perSecond: 100, burst: 200),
        longPollsPerCaller: Int = 16,
        trustedProxies: TrustedProxies = .none,
        catalogRefresh: Duration = .seconds(30),
        connections: ConnectionLimits = .init(),
        allowedHosts: [String] = [],
        operatorOps: OperatorOps = .init(token: nil)
    ) {
        self.client = client
        self.requestTimeouts = requestTimeouts
        self.corsOrigins = corsOrigins
        self.maxBodyBytes = maxBodyBytes
        self.rate = rate
        self.longPollsPerCaller = longPollsPerCaller
        self.trustedProxies = trustedProxies
        self.catalogRefresh = catalogRefresh
        self.connections = connections
        self.allowedHosts = allowedHosts
        self.operatorOps = operatorOps
    }
}
