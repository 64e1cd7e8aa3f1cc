/// One gateway's figures for one service, as its `health` op reports them (docs/api.md).
///
/// Every worker registers with every gateway, so each gateway sees every worker's slots; but each gateway holds
/// only the requests its own clients sent. ``ServiceLoad/init(merging:)`` merges the views accordingly.
public struct GatewayServiceView: Sendable, Hashable {
    /// Slots of the service's live workers: a worker process started with `--slots K` counts K.
    public var workers: Int
    /// Of which free now.
    public var idle: Int
    /// Of which holding a request of this gateway now.
    public var busy: Int
    /// Requests waiting in this gateway's queue for a slot.
    public var queued: Int
    /// Requests that arrived at this gateway in the last ``windowSeconds``.
    public var arrivals: Int
    /// The sliding window, in seconds, that ``arrivals`` and the queue waits cover.
    public var windowSeconds: Int
    /// The median time from arrival to dispatch of the requests dispatched in the window, in microseconds; `nil`
    /// when none was.
    public var queueWaitP50Micros: Int?
    /// The 90th percentile time from arrival to dispatch of the requests dispatched in the window, in microseconds;
    /// `nil` when none was.
    public var queueWaitP90Micros: Int?

    /// A view with the figures a gateway reported.
    public init(
        workers: Int,
        idle: Int,
        busy: Int,
        queued: Int,
        arrivals: Int,
        windowSeconds: Int,
        queueWaitP50Micros: Int?,
        queueWaitP90Micros: Int?
    ) {
        self.workers = workers
        self.idle = idle
        self.busy = busy
        self.queued = queued
        self.arrivals = arrivals
        self.windowSeconds = windowSeconds
        self.queueWaitP50Micros = queueWaitP50Micros
        self.queueWaitP90Micros = queueWaitP90Micros
    }
}
