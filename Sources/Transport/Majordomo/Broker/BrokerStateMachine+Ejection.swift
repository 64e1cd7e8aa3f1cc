import ZeroMQ

extension BrokerStateMachine {
    /// Counts a request that passed its deadline while worker `identity` held it.
    /// - Returns: whether the worker has now let as many pass in a row as ``OutlierEjection/consecutiveDeadlines``.
    mutating func countDeadlinePassed(heldBy identity: ZMQRoutingID) -> Bool {
        let threshold = configuration.outlierEjection.consecutiveDeadlines
        guard threshold > 0, let worker = workers.index(forKey: identity) else { return false }
        workers.values[worker].consecutiveDeadlines += 1
        return workers.values[worker].consecutiveDeadlines >= threshold
    }

    /// Ejects each of `outliers` its service can spare: at most ``OutlierEjection/maximumPercent`` of its workers
    /// out at once, and never the last one in rotation. The others stay at the threshold and are ejected when a later
    /// deadline passes and their service can spare them.
    mutating func eject(_ outliers: Set<ZMQRoutingID>, now: Instant, into actions: inout [BrokerAction]) {
        let ordered = outliers.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        for identity in ordered {
            guard let service = workers[identity]?.service, let served = services[service],
                served.ejectedCount + 1 < served.workerCount,
                (served.ejectedCount + 1) * 100 <= served.workerCount * configuration.outlierEjection.maximumPercent
            else { continue }
            eject(identity, now: now, into: &actions)
        }
    }

    /// Takes a worker out of rotation for its back-off: its slots leave the idle list, and each request it holds
    /// goes the way of a dead worker's (to another worker if it may be retried, else answered at once).
    private mutating func eject(_ identity: ZMQRoutingID, now: Instant, into actions: inout [BrokerAction]) {
        let index = workers.index(forKey: identity)!
        workers.values[index].ejections += 1
        let worker = workers.values[index]
        let backOff = configuration.outlierEjection.backOff(ejections: worker.ejections)
        ejectedUntil[identity] = now + backOff
        workers.values[index].consecutiveDeadlines = 0
        workers.values[index].requestIDs = []
        workers.values[index].heldBytes = 0
        workers.values[index].waitsForBudget = false
        services[worker.service]!.ejectedCount += 1
        services[worker.service]!.provenCount -= worker.proven ? 1 : 0
        services[worker.service]!.idle.removeAll(of: identity)
        counters.workersEjected += 1
        let message =
            "a worker of \(worker.service) let \(worker.consecutiveDeadlines) requests in a row pass their deadline: "
            + "out of rotation for \(backOff) (ejection \(worker.ejections))"
        actions.append(.refused(MajordomoError(.workerEjected, message)))
        // Newest first, as in `purge`: each retry goes to the front of the queue.
        for id in worker.requestIDs.reversed() {
            abandon(id, service: worker.service, from: identity, into: &actions)
        }
        dispatch(worker.service, into: &actions)
    }

    /// Puts back in rotation each ejected worker whose back-off has ended.
    mutating func endEjections(now: Instant, into actions: inout [BrokerAction]) {
        for (identity, until) in ejectedUntil where until <= now {
            forgetEjection(of: identity)
            guard let worker = workers[identity] else { continue }
            services[worker.service]!.provenCount += worker.proven ? 1 : 0
            let free = max(0, worker.capacity - worker.requestIDs.count)
            services[worker.service]!.idle.append(identity, count: free, proven: worker.proven)
            dispatch(worker.service, into: &actions)
        }
    }

    /// Ends the ejection of `identity`, if it is ejected.
    mutating func forgetEjection(of identity: ZMQRoutingID) {
        guard ejectedUntil.removeValue(forKey: identity) != nil, let service = workers[identity]?.service else {
            return
        }
        services[service]!.ejectedCount -= 1
    }

    /// Whether `identity` is out of rotation.
    func isEjected(_ identity: ZMQRoutingID) -> Bool { ejectedUntil[identity] != nil }
}
