extension ScalePolicy {
    /// Room for rounding: 14 slots at 0.7 × 4 per process is 5 processes, though 14 / 2.8 is a hair over 5 in
    /// binary floating point.
    private static let tolerance = 1e-9

    /// The processes `load` wants: ceil(demand / (``targetUtilisation`` × ``slotsPerProcess``)), at least 1 when
    /// anything is held, queued or arrived in the window, within [``minimum``, ``maximum``].
    public func processesWanted(for load: ServiceLoad) -> Int {
        processesWanted(demand: Double(load.demand), load: load)
    }

    /// ``processesWanted(for:)`` for a `demand` other than the load's own (a mean over the window).
    func processesWanted(demand: Double, load: ServiceLoad) -> Int {
        var wanted = processesHolding(demand)
        if demand > 0 || load.demand > 0 || load.arrivals > 0 { wanted = max(wanted, 1) }
        return min(max(wanted, minimum), maximum)
    }

    /// The fewest processes that hold `demand` slots at ``targetUtilisation`` or below, unbounded by ``maximum``
    /// (beyond it, one more than ``maximum``).
    func processesHolding(_ demand: Double) -> Int {
        guard demand > 0 else { return 0 }
        let exact = demand / (targetUtilisation * Double(slotsPerProcess)) - Self.tolerance
        return Int(min(exact, Double(maximum) + 1).rounded(.up))
    }

    /// Whether `busy` slots (a mean over observations) are over ``targetUtilisation`` of those of `processes`
    /// processes (never when none runs).
    func isOverTarget(busy: Double, processes: Int) -> Bool {
        guard processes > 0 else { return false }
        let utilisation = busy / Double(processes * slotsPerProcess)
        return utilisation > targetUtilisation + Self.tolerance
    }

    /// How long a request joining the queue now would wait, with every slot busy, at the rate requests arrived over
    /// the window: the queue's length over that rate (Little's law); with requests queued and none arrived in the
    /// window, they have waited the whole window. `nil` with nothing queued, or a slot free (a request queued
    /// beside a free slot is on its way to it). Unlike the p90 over the window, it rises the moment the queue does.
    func projectedWait(_ load: ServiceLoad) -> Duration? {
        guard load.queued > 0, load.busy >= load.slots else { return nil }
        guard load.arrivalsPerSecond > 0 else { return load.window }
        return .seconds(Double(load.queued) / load.arrivalsPerSecond)
    }

    /// Whether `load`, with `meanDemand` the slots it asked for on average over the window, would leave one of
    /// `processes` idle: fewer are wanted; one fewer would hold the mean demand at ``targetUtilisation`` or below
    /// (none only with nothing held, queued or arrived); and nothing waited in the queue (none queued, and a
    /// queue-wait p90, if any, at most ``quietWait``). The mean, not the demand of one moment: with one slot a
    /// process, a single request held at the moment of an observation is a whole process busy.
    func isNeedBelow(_ load: ServiceLoad, meanDemand: Double, processes: Int) -> Bool {
        guard processesWanted(demand: meanDemand, load: load) < processes else { return false }
        let fewer = processes - 1
        let oneFewerHolds =
            fewer == 0
            ? load.demand == 0 && load.arrivals == 0 && meanDemand == 0 : processesHolding(meanDemand) <= fewer
        let nothingWaited = load.queued == 0 && (load.queueWaitP90.map { $0 <= quietWait } ?? true)
        return oneFewerHolds && nothingWaited
    }
}
