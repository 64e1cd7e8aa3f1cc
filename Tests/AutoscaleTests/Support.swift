import Autoscale

/// A clock that moves only when told: a base instant plus durations, never sleeping.
struct FakeClock {
    let base = ContinuousClock.now
    private(set) var now: ContinuousClock.Instant

    init() { now = base }

    /// The instant `offset` after the base.
    func at(_ offset: Duration) -> ContinuousClock.Instant { base + offset }

    /// Moves to `offset` after the base.
    mutating func set(_ offset: Duration) { now = base + offset }
}

/// One gateway's view, with the figures a test leaves out at zero and the 10 s window the gateway uses.
func view(
    workers: Int = 0,
    busy: Int = 0,
    queued: Int = 0,
    arrivals: Int = 0,
    windowSeconds: Int = 10,
    p50Micros: Int? = nil,
    p90Micros: Int? = nil
) -> GatewayServiceView {
    GatewayServiceView(
        workers: workers,
        idle: max(0, workers - busy),
        busy: busy,
        queued: queued,
        arrivals: arrivals,
        windowSeconds: windowSeconds,
        queueWaitP50Micros: p50Micros,
        queueWaitP90Micros: p90Micros
    )
}

/// A load seen through one gateway; `p90` is the queue-wait p90, `nil` for none dispatched.
func load(
    slots: Int = 0,
    busy: Int = 0,
    queued: Int = 0,
    arrivals: Int = 0,
    p90: Duration? = nil
) -> ServiceLoad {
    let micros = p90.map { Int($0 / .microseconds(1)) }
    return ServiceLoad(
        merging: [
            view(workers: slots, busy: busy, queued: queued, arrivals: arrivals, p50Micros: micros, p90Micros: micros)
        ]
    )
}

/// A policy from arguments the test knows are valid.
func policy(
    minimum: Int = 0,
    maximum: Int = 10,
    slotsPerProcess: Int = 4,
    targetUtilisation: Double = 0.7
) -> ScalePolicy {
    try! ScalePolicy(
        minimum: minimum,
        maximum: maximum,
        slotsPerProcess: slotsPerProcess,
        targetUtilisation: targetUtilisation
    )
}

/// A scaler and the processes its actuator runs, carrying out each decision at once, on a fake clock.
struct Simulation {
    var scaler: ServiceScaler
    var processes: Int
    var clock = FakeClock()

    init(_ policy: ScalePolicy, processes: Int) {
        scaler = ServiceScaler(policy: policy)
        self.processes = processes
    }

    /// Observes `load` at `offset` after the base, and carries out the decision.
    @discardableResult
    mutating func observe(_ load: ServiceLoad, at offset: Duration) -> ScaleDecision? {
        clock.set(offset)
        let decision = scaler.observe(load, processes: processes, now: clock.now)
        switch decision {
        case .start(let count): processes += count
        case .drainOne: processes -= 1
        case nil: break
        }
        return decision
    }

    /// Observes `load` every `step` from `start` to `end`, both included, and returns the decisions by offset.
    mutating func run(
        _ load: ServiceLoad,
        from start: Duration,
        to end: Duration,
        every step: Duration = .seconds(5)
    ) -> [Decided] {
        var decided: [Decided] = []
        var offset = start
        while offset <= end {
            if let decision = observe(load, at: offset) { decided.append(Decided(offset, decision)) }
            offset += step
        }
        return decided
    }
}

/// A decision and when it was made.
struct Decided: Hashable, CustomStringConvertible {
    let offset: Duration
    let decision: ScaleDecision

    init(_ offset: Duration, _ decision: ScaleDecision) {
        self.offset = offset
        self.decision = decision
    }

    var description: String { "\(decision) at \(offset)" }
}
