import ZeroMQ

/// Budgets in bytes for the requests the broker holds, from the moment one is queued until it leaves: answered,
/// expired in its queue, failed when its worker was lost, or, once its deadline passed in flight, kept only as a
/// small record until its worker answers or is purged (its body is let go at the deadline). A request is counted as
/// its body's bytes plus ``requestOverhead``; one that would pass a budget is refused
/// ``BrokerFailure/overByteBudget(_:)``. Each client's budget is ``ClientLimits/maximumPendingBytes``.
public struct ByteBudgets: Sendable, Hashable {
    /// Everything the broker holds (default 32 MiB).
    public var total: Int
    /// One service's queue, not counting what its workers hold (default 16 MiB).
    public var serviceQueue: Int
    /// What one worker connection holds (default 8 MiB): a worker at its budget gets no further request until it
    /// answers one, unless it holds none.
    public var worker: Int

    public init(total: Int = 32 << 20, serviceQueue: Int = 16 << 20, worker: Int = 8 << 20) {
        self.total = total
        self.serviceQueue = serviceQueue
        self.worker = worker
    }

    /// What a request costs besides its body: its record, its dictionary slot and its message's frames.
    public static let requestOverhead = 512

    /// What a request with `body` counts for.
    static func cost(of body: ZMQFrames) -> Int {
        (0..<body.count).reduce(requestOverhead) { $0 + (body.size(at: $1) ?? 0) }
    }
}

/// Which byte budget refused a request.
public enum ByteBudget: String, Sendable, Hashable {
    /// The client's own (``ClientLimits/maximumPendingBytes``).
    case client
    /// The service's queue (``ByteBudgets/serviceQueue``).
    case serviceQueue
    /// The whole broker's (``ByteBudgets/total``).
    case total
}
