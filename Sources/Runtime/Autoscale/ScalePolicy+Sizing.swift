extension ScalePolicy {
    /// Room for rounding: 14 slots at 0.7 × 4 per process is 5 processes, though 14 / 2.8 is a hair over 5 in
    /// binary floating point.
    private static let tolerance = 1e-9

    /// The processes `load` wants: ceil(demand / (``targetUtilisation`` × ``slotsPerProcess``)), at least 1 when
    /// anything is held, queued or arrived in the window, within [``minimum``, ``maximum``].
    public func processesWanted(for load: ServiceLoad) -> Int {
        var wanted = processesHolding(load.demand)
        if load.demand > 0 || load.arrivals > 0 { wanted = max(wanted, 1) }
        return min(max(wanted, minimum), maximum)
    }

    /// The fewest processes that hold `demand` slots at ``targetUtilisation`` or below, unbounded by ``maximum``
    /// (beyond it, one more than ``maximum``).
    func processesHolding(_ demand: Int) -> Int {
        guard demand > 0 else { return 0 }
        let exact = Double(demand) / (targetUtilisation * Double(slotsPerProcess)) - Self.tolerance
        return Int(min(exact, Double(maximum) + 1).rounded(.up))
    }

    /// Whether `busy` slots are over ``targetUtilisation`` of those of `processes` processes (never when none runs).
    func isOverTarget(busy: Int, processes: Int) -> Bool {
        guard processes > 0 else { return false }
        let utilisation = Double(busy) / Double(processes * slotsPerProcess)
        return utilisation > targetUtilisation + Self.tolerance
    }

    /// Whether `load` would leave one of `processes` idle: fewer are wanted; one fewer would hold the demand at
    /// ``targetUtilisation`` or below (none only with nothing held, queued or arrived); and nothing waited in the
    /// queue (none queued, and a queue-wait p90, if any, at most ``quietWait``).
    func isNeedBelow(_ load: ServiceLoad, processes: Int) -> Bool {
        guard processesWanted(for: load) < processes else { return false }
        let fewer = processes - 1
        let oneFewerHolds = fewer == 0 ? load.demand == 0 && load.arrivals == 0 : processesHolding(load.demand) <= fewer
        let nothingWaited = load.queued == 0 && (load.queueWaitP90.map { $0 <= quietWait } ?? true)
        return oneFewerHolds && nothingWaited
    }
}
