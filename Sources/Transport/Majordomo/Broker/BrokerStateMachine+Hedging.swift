import HeapModule
import ZeroMQ

extension BrokerStateMachine {
    /// When ``hedge(now:)`` is next due: the owner's loop wakes then, between its ticks.
    public var nextHedge: Instant? { hedgeTimers.min?.due }

    /// Sends a second copy of each request whose hedge delay has passed while its worker still holds it
    /// (``Hedging``), when the service has credit for a hedge and another worker in rotation. The copy goes first
    /// among its client's queued requests and to a worker other than the first.
    public mutating func hedge(now: Instant) -> [BrokerAction] {
        eventTime = now
        var actions: [BrokerAction] = []
        while let timer = hedgeTimers.min, timer.due <= now {
            hedgeTimers.removeMin()
            guard let request = pending.index(forKey: timer.id), !pending.values[request].answered,
                pending.values[request].dispatchedAt == timer.dispatchedAt,
                pending.values[request].hedge == nil, pending.values[request].worker != nil,
                let service = services.index(forKey: pending.values[request].service),
                services.values[service].workerCount - services.values[service].ejectedCount > 1,
                services.values[service].hedgeBudget.spend()
            else { continue }
            let name = pending.values[request].service
            pending.values[request].hedge = .queued
            enqueue(timer.id, in: name, atFront: true)
            dispatch(name, into: &actions)
        }
        return actions
    }

    /// Starts the hedge delay of the request at `request`, just given to its worker, when its service hedges; the
    /// request earns its service's share of a hedge.
    mutating func armHedge(_ request: Dictionary<UInt64, Pending>.Index, of service: Dictionary<String, Service>.Index)
    {
        guard let latency = services.values[service].latency else { return }
        let hedging = configuration.hedging
        services.values[service].hedgeBudget.earn(percent: hedging.maximumPercent)
        pending.values[request].dispatchedAt = eventTime
        let due = eventTime + hedging.delay(p99: latency.p99)
        hedgeTimers.insert(HedgeTimer(due: due, id: pending.keys[request], dispatchedAt: eventTime))
    }

    /// The worker other than `identity` that holds a copy of request `id`, if it was hedged and both are out.
    func otherHolder(of id: UInt64, than identity: ZMQRoutingID) -> ZMQRoutingID? {
        guard let request = pending[id], let first = request.worker, let second = request.hedgeHolder else {
            return nil
        }
        return first == identity ? second : first
    }

    /// The first answer to a hedged request came from `identity`: `other` is left holding it, already answered.
    mutating func settleHedged(_ id: UInt64, answeredBy identity: ZMQRoutingID, stillHeldBy other: ZMQRoutingID) {
        let request = pending.index(forKey: id)!
        let answeredNow = !pending.values[request].answered
        counters.hedgesWon += answeredNow && identity != pending.values[request].worker ? 1 : 0
        pending.values[request].outrun = answeredNow
        pending.values[request].answered = true
        pending.values[request].worker = other
        pending.values[request].hedge = nil
    }

    /// Worker `identity` no longer holds request `id` (it died, was ejected or could not be reached).
    /// - Returns: whether the request goes on without it: another worker holds a copy (which now counts as its
    ///   worker), or a copy waits in the queue (which now counts as the request).
    mutating func detach(_ id: UInt64, from identity: ZMQRoutingID) -> Bool {
        guard let request = pending.index(forKey: id), let hedge = pending.values[request].hedge else { return false }
        switch hedge {
        case .queued:
            pending.values[request].worker = nil
        case .held(let second) where second != identity:
            pending.values[request].worker = second
        case .held:
            break
        }
        pending.values[request].hedge = nil
        return true
    }

    /// Takes the queued second copy of `request` (answered, or its worker's reply in) out of its queue; a request
    /// still pending then has no second copy, so losing its worker later ends it rather than leaving it to the copy.
    mutating func dropQueuedCopy(of request: Pending, id: UInt64) {
        guard request.hedge == .queued else { return }
        services[request.service]!.queue.removeAll(where: { $0 == id }, of: [request.client])
        services[request.service]!.queuedBytes -= request.bytes
        pending[id]?.hedge = nil
    }
}

extension BrokerStateMachine.Pending {
    /// The worker holding its second copy, if one does.
    var hedgeHolder: ZMQRoutingID? {
        guard case .held(let worker) = hedge else { return nil }
        return worker
    }
}
