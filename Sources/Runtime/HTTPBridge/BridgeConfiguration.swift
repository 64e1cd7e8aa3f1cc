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
    /// - `rate` (100 a second, 200 at once): what one caller (a bearer token, else an address) may send.
    public var rate: RateLimit
    /// - `catalogRefresh` (duration, 30 s): how often the ops of every service are read again.
    public var catalogRefresh: Duration

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
        catalogRefresh: Duration = .seconds(30)
    ) {
        self.client = client
        self.requestTimeouts = requestTimeouts
        self.corsOrigins = corsOrigins
        self.maxBodyBytes = maxBodyBytes
        self.rate = rate
        self.catalogRefresh = catalogRefresh
    }
}
