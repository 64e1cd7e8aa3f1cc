/// When the broker takes a worker out of rotation, on Envoy's outlier detection model: a worker that lets
/// ``consecutiveDeadlines`` requests in a row pass their deadline while it holds them (one that heartbeats but has
/// stopped answering does exactly that) gets no request for a back-off of ``baseDuration`` times the number of times
/// it was ejected, at most ``maximumDuration``. Only a reply in time resets the count; heartbeats do not.
public struct OutlierEjection: Sendable, Hashable {
    /// Requests in a row a worker may let pass their deadline before it is ejected (default 3); 0 never ejects.
    public var consecutiveDeadlines: Int
    /// The first ejection's length (default 10 s); the n-th lasts n times as long.
    public var baseDuration: Duration
    /// The longest ejection (default 300 s, Envoy's `max_ejection_time`).
    public var maximumDuration: Duration
    /// The share of a service's workers, in percent, that may be ejected at once (default 50). Whatever it is, one
    /// worker of each service stays in rotation.
    public var maximumPercent: Int

    public init(
        consecutiveDeadlines: Int = 3,
        baseDuration: Duration = .seconds(10),
        maximumDuration: Duration = .seconds(300),
        maximumPercent: Int = 50
    ) {
        self.consecutiveDeadlines = consecutiveDeadlines
        self.baseDuration = baseDuration
        self.maximumDuration = maximumDuration
        self.maximumPercent = maximumPercent
    }

    /// How long the `ejections`-th ejection of a worker lasts.
    func backOff(ejections: Int) -> Duration {
        min(baseDuration * ejections, maximumDuration)
    }
}
