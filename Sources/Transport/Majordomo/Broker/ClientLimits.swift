/// What one client, known by its ROUTER routing id, may ask of the broker.
public struct ClientLimits: Sendable, Hashable {
    /// Requests per second a client may sustain (default 5,000); 0 means unlimited. Each request takes a token from
    /// the client's bucket, which refills at this rate up to ``burst``.
    public var rate: Double
    /// Tokens a client's bucket holds (default 10,000): the requests it may send at once after being idle.
    public var burst: Int
    /// Requests one client may have queued or in flight (default 1,000); 0 means unlimited.
    public var maximumPending: Int
    /// Bytes those requests may hold, as ``ByteBudgets`` counts them (default 8 MiB); 0 means unlimited.
    public var maximumPendingBytes: Int
    /// Clients whose bucket or pending count the broker keeps at once (default 65,536). Past it the idle client
    /// seen longest ago is forgotten; when every tracked client has requests pending, a new client is refused.
    public var maximumTracked: Int

    public init(
        rate: Double = 5000,
        burst: Int = 10_000,
        maximumPending: Int = 1000,
        maximumPendingBytes: Int = 8 << 20,
        maximumTracked: Int = 65_536
    ) {
        self.rate = rate
        self.burst = burst
        self.maximumPending = maximumPending
        self.maximumPendingBytes = maximumPendingBytes
        self.maximumTracked = maximumTracked
    }

    /// No rate limit and no pending cap.
    public static let unlimited = ClientLimits(rate: 0, maximumPending: 0, maximumPendingBytes: 0)

    var limitsRate: Bool { rate > 0 }
    var limitsPending: Bool { maximumPending > 0 || maximumPendingBytes > 0 }
}
