/// The autoscaling policy for one service as a pure state machine, like the broker's: feed it the merged load and
/// the clock, carry out the ``ScaleDecision`` it returns.
///
/// - Below ``ScalePolicy/minimum``, or at zero processes with anything held, queued or arrived, it starts what the
///   load wants (``ScalePolicy/processesWanted(for:)``) at once; above ``ScalePolicy/maximum`` it drains one.
/// - It scales up at once when the queue-wait p90 is over ``ScalePolicy/waitBound``, or when utilisation has
///   stayed over ``ScalePolicy/targetUtilisation`` for ``ScalePolicy/upWindow``; by what the load wants beyond the
///   processes running, at least one, at most up to the maximum. For one window (``ServiceLoad/window``) after a
///   start, the p90 still holds the waits from before it, so then only a load that wants more than the processes
///   running scales up on a wait.
/// - It drains one process when the need has stayed below the processes running for ``ScalePolicy/stabilisation``,
///   counted from the last change at the earliest: drains are that far apart, and a start is not undone within it.
///   The need is below when fewer processes are wanted, one fewer would hold the demand at target (none only with
///   nothing held, queued or arrived), and nothing waited in the queue (none queued, a queue-wait p90 at most
///   ``ScalePolicy/quietWait``): a window in which requests waited counts as need.
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
    /// Since when every observation found utilisation over target; `nil` when the last did not, or after a start.
    public private(set) var overTargetSince: Instant?
    /// Since when every observation found the need below the processes running; `nil` when the last did not.
    public private(set) var needBelowSince: Instant?
    /// When it last returned a decision.
    public private(set) var lastChange: Instant?
    /// When it last returned ``ScaleDecision/start(_:)``.
    public private(set) var lastStart: Instant?

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
            return .start(min(max(1, wanted - processes), policy.maximum - processes))
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
        if let since = overTargetSince, now - since >= policy.upWindow { return true }
        guard let p90 = load.queueWaitP90, p90 > policy.waitBound else { return false }
        if let lastStart, now - lastStart < load.window { return wanted > processes }
        return true
    }

    private mutating func track(_ load: ServiceLoad, processes: Int, now: Instant) {
        if policy.isOverTarget(busy: load.busy, processes: processes) {
            overTargetSince = overTargetSince ?? now
        } else {
            overTargetSince = nil
        }
        if policy.isNeedBelow(load, processes: processes) {
            needBelowSince = needBelowSince ?? now
        } else {
            needBelowSince = nil
        }
    }

    private mutating func record(_ decision: ScaleDecision, now: Instant) {
        lastChange = now
        if case .start = decision {
            lastStart = now
            overTargetSince = nil
        }
    }
}
