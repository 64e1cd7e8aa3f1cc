/// When a request given to a worker is due its second copy (``Hedging``); timers order by ``due`` alone, so a heap of
/// them yields the soonest first.
struct HedgeTimer: Sendable, Comparable {
    var due: ContinuousClock.Instant
    var id: UInt64
    /// When the request was given to the worker the timer is for: a request sent again (its worker lost) has a later
    /// one, and the timer of its earlier dispatch is then stale.
    var dispatchedAt: ContinuousClock.Instant

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.due < rhs.due }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.due == rhs.due }
}
