/// Hedged requests ("The Tail at Scale", Dean and Barroso): a request of a service whose ops are all pure, held by
/// its worker past the hedge delay, is sent to a second worker as well; the first reply answers it and the other is
/// dropped.
///
/// The delay is the service's recent p99 reply time (``LatencyEstimate``) bounded by ``minimumDelay`` and
/// ``maximumDelay``, and hedges never pass ``maximumPercent`` of the service's requests: each request dispatched earns
/// that share of a hedge, and a hedge spends one (at most ten are saved up).
public struct Hedging: Sendable, Hashable {
    /// The services whose every op is pure (computes from its arguments alone), so running one twice is harmless;
    /// no other service's request is ever hedged.
    public var services: Set<String>
    /// The shortest hedge delay, whatever the service's p99.
    public var minimumDelay: Duration
    /// The longest hedge delay, and the delay while a service has no reply times yet.
    public var maximumDelay: Duration
    /// Hedges as a share of a service's requests, in percent; 0 turns hedging off.
    public var maximumPercent: Int

    public init(
        services: Set<String> = [],
        minimumDelay: Duration = .milliseconds(10),
        maximumDelay: Duration = .seconds(1),
        maximumPercent: Int = 10
    ) {
        self.services = services
        self.minimumDelay = minimumDelay
        self.maximumDelay = maximumDelay
        self.maximumPercent = maximumPercent
    }

    /// Whether requests of `service` may be hedged.
    func hedges(_ service: String) -> Bool { maximumPercent > 0 && services.contains(service) }

    /// The hedge delay for a service whose recent p99 is `p99` (nil: no reply times yet).
    func delay(p99: Duration?) -> Duration {
        guard let p99 else { return maximumDelay }
        return min(max(p99, minimumDelay), maximumDelay)
    }

    /// What a hedge costs in ``HedgeBudget`` credit: a request earns ``maximumPercent`` of it.
    static let hedgeCost = 100
}

/// A service's credit for hedges, in hundredths of a hedge (``Hedging/maximumPercent`` per request dispatched, one
/// hedge costs ``Hedging/hedgeCost``), capped at ten hedges; it starts empty, so hedges never pass the share.
struct HedgeBudget: Sendable {
    private var credit = 0

    mutating func earn(percent: Int) { credit = min(credit + percent, 10 * Hedging.hedgeCost) }

    /// Spends one hedge if there is credit for it.
    mutating func spend() -> Bool {
        guard credit >= Hedging.hedgeCost else { return false }
        credit -= Hedging.hedgeCost
        return true
    }
}
