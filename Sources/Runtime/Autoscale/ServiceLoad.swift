/// One service's load over every gateway: what a ``ServiceScaler`` observes.
public struct ServiceLoad: Sendable, Hashable {
    /// Worker slots: the most any gateway sees. Every worker registers with every gateway, so summing the views
    /// would count each worker once per gateway; a gateway a new worker has not reached yet sees fewer.
    public let slots: Int
    /// Slots holding a request: the sum over gateways, each of which holds only its own requests.
    public let busy: Int
    /// Requests waiting for a slot: the sum over gateways.
    public let queued: Int
    /// Requests that arrived in the window: the sum over gateways.
    public let arrivals: Int
    /// Requests arriving per second: the sum of each gateway's arrivals over its window.
    public let arrivalsPerSecond: Double
    /// The longest window any gateway reported.
    public let window: Duration
    /// The median queue wait: the longest any gateway reported; `nil` when no gateway dispatched a request in the
    /// window.
    public let queueWaitP50: Duration?
    /// The 90th percentile queue wait: the longest any gateway reported; `nil` when no gateway dispatched a request
    /// in the window.
    public let queueWaitP90: Duration?

    /// Slots the service's requests ask for now: those held plus those waiting.
    public var demand: Int { busy + queued }

    /// Merges the views of one service from every gateway; no view at all is no load on no slots.
    public init(merging views: [GatewayServiceView]) {
        slots = views.map(\.workers).max() ?? 0
        busy = views.reduce(0) { $0 + $1.busy }
        queued = views.reduce(0) { $0 + $1.queued }
        arrivals = views.reduce(0) { $0 + $1.arrivals }
        arrivalsPerSecond = views.reduce(0) { rate, view in
            view.windowSeconds > 0 ? rate + Double(view.arrivals) / Double(view.windowSeconds) : rate
        }
        window = .seconds(views.map(\.windowSeconds).max() ?? 0)
        queueWaitP50 = views.compactMap(\.queueWaitP50Micros).max().map { .microseconds($0) }
        queueWaitP90 = views.compactMap(\.queueWaitP90Micros).max().map { .microseconds($0) }
    }
}
