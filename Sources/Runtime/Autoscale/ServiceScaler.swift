/// The autoscaling policy for one service as a pure state machine, like the broker's: feed it the merged load and
/// the clock, carry out the ``ScaleDecision`` it returns.
///
/// - Below ``ScalePolicy/minimum``, or at zero processes with anything held, queued or arrived, it starts what the
///   load wants (``ScalePolicy/processesWanted(for:)``) at once; above ``ScalePolicy/maximum`` it drains one.
/// - It scales up at once when requests wait longer than ``ScalePolicy/waitBound``: the queue-wait p90 over the
///   window, or the wait the queue of the moment projects at the window's arrival rate; or when utilisation has
///   averaged over target (``ScalePolicy/targetUtilisation``) across an ``ScalePolicy/upWindow``, a whole one
///   observed since the first observation and since the last start. By what the load wants beyond the
///   processes running, at least one, at most as many as run (a step at most doubles them, as Kubernetes' HPA does
///   by default: a queue that built up while a burst was noticed would otherwise ask for the maximum), and at most
///   up to the maximum. For one window (``ServiceLoad/window``) after a start, the p90 still holds the waits from
///   before it, so then a wait scales up again only once the started processes have registered their slots, and
///   only while the load wants more than the processes running.
/// - It drains one process when the need has stayed below the processes running for ``ScalePolicy/stabilisation``,
///   counted from the last change at the earliest: drains are that far apart, and a start is not undone within it.
///   The need is below when the demand averaged over the window wants fewer processes, one fewer would hold that
///   mean at target (none only with nothing held, queued or arrived), and nothing waited in the queue (none
///   queued, a queue-wait p90 at most ``ScalePolicy/quietWait``): a window in which requests waited counts as need.
///
/// ```swift
/// var scaler = ServiceScaler(policy: policy)
/// let load = ServiceLoad(merging: views)
/// switch scaler.observe(load, processes: actuator.running, now: clock.now) {
/// case .start(let count): actuator.start(count)
/// case .drainOne: actuator.drainOne()
/// case nil: break
/// }
/// ```
public struct ServiceScaler: Sendable {
    /// The clock's instant: observations are stamped with `ContinuousClock.now`, or a test's fake clock.
    public typealias Instant = ContinuousClock.Instant

    /// The policy it applies.
    public let policy: ScalePolicy
    /// When it first observed the load.
    public private(set) var firstObservation: Instant?
    /// Since when every observation found the need below the processes running; `nil` when the last did not.
    public private(set) var needBelowSince: Instant?
    /// When it last returned a decision.
    public private(set) var lastChange: Instant?
    /// When it last returned ``ScaleDecision/start(_:)``.
    public private(set) var lastStart: Instant?
    /// The busy slots and the demand (slots held or asked for) of each observation within the longer of the load's
    /// window and ``ScalePolicy/upWindow``, oldest first.
    private var recent: [Observation] = []

    /// What one observation saw.
    private struct Observation: Sendable {
        let at: Instant
        let busy: Int
        let demand: Int
    }

    /// A scaler that has observed nothing yet.
    public init(policy: ScalePolicy) {
        self.policy = policy
    }

    /// Observes the load at `now` and decides.
    /// - Parameters:
    ///   - load: the service's load, merged over every gateway.
    ///   - processes: the processes the actuator runs now, those starting included and those draining excluded.
    ///   - now: the time of the observation; never earlier than the last one.
    /// - Returns: what to do, or `nil` to leave the processes as they are.
    public mutating func observe(_ load: ServiceLoad, processes: Int, now: Instant) -> ScaleDecision? {
        precondition(processes >= 0, "processes must not be negative")
        let wanted = policy.processesWanted(for: load)
        track(load, processes: processes, now: now)
        let decision = decide(load, processes: processes, wanted: wanted, now: now)
        if let decision { record(decision, now: now) }
        return decision
    }

    private func decide(_ load: ServiceLoad, processes: Int, wanted: Int, now: Instant) -> ScaleDecision? {
        if processes < policy.minimum || (processes == 0 && wanted > 0) { return .start(wanted - processes) }
        if processes > policy.maximum { return .drainOne }
        if processes < policy.maximum, scalesUp(load, processes: processes, wanted: wanted, now: now) {
            return .start(min(max(1, wanted - processes), processes, policy.maximum - processes))
        }
        if processes > policy.minimum, hasStayedBelow(at: now) { return .drainOne }
        return nil
    }

    /// Whether the need has been below since ``ScalePolicy/stabilisation`` before `now`, and nothing changed since.
    private func hasStayedBelow(at now: Instant) -> Bool {
        guard let since = needBelowSince else { return false }
        return now - max(since, lastChange ?? since) >= policy.stabilisation
    }

    private func scalesUp(_ load: ServiceLoad, processes: Int, wanted: Int, now: Instant) -> Bool {
        if isOverTargetAcrossUpWindow(processes: processes, now: now) { return true }
        let waits = [load.queueWaitP90, policy.projectedWait(load)].compactMap { $0 }
        guard let wait = waits.max(), wait > policy.waitBound else { return false }
        if let lastStart, now - lastStart < load.window {
            return load.slots >= processes * policy.slotsPerProcess && wanted > processes
        }
        return true
    }

    /// Whether a whole ``ScalePolicy/upWindow`` has been observed since the first observation and the last start,
    /// and the busy slots averaged over the observations within it are over target.
    private func isOverTargetAcrossUpWindow(processes: Int, now: Instant) -> Bool {
        guard let first = firstObservation, now - max(first, lastStart ?? first) >= policy.upWindow else {
            return false
        }
        return policy.isOverTarget(busy: mean(\.busy, within: policy.upWindow, now: now), processes: processes)
    }

    /// The mean of one figure over the observations within `window` before `now`, `now`'s included.
    private func mean(_ figure: KeyPath<Observation, Int>, within window: Duration, now: Instant) -> Double {
        let within = recent.filter { now - $0.at < window || $0.at == now }
        return Double(within.reduce(0) { $0 + $1[keyPath: figure] }) / Double(max(1, within.count))
    }

    private mutating func track(_ load: ServiceLoad, processes: Int, now: Instant) {
        firstObservation = firstObservation ?? now
        let kept = max(load.window, policy.upWindow)
        recent.removeAll { now - $0.at >= kept && $0.at != now }
        recent.append(Observation(at: now, busy: load.busy, demand: load.demand))
        let meanDemand = mean(\.demand, within: load.window, now: now)
        if policy.isNeedBelow(load, meanDemand: meanDemand, processes: processes) {
            needBelowSince = needBelowSince ?? now
        } else {
            needBelowSince = nil
        }
    }

    private mutating func record(_ decision: ScaleDecision, now: Instant) {
        lastChange = now
        if case .start = decision { lastStart = now }
    }
}
