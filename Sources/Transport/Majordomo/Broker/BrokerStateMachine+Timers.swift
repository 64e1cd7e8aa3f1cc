import ZeroMQ

extension BrokerStateMachine {
    /// Advances time: heartbeats workers when due, purges workers silent for the liveness window, answers
    /// requests whose deadline passed (ejecting workers that let too many pass in a row, ``OutlierEjection``), puts
    /// ejected workers back in rotation when their back-off ends, forgets services without workers past their grace period, forgets
    /// clients with nothing pending whose bucket has refilled, and gives back the room of tables a storm grew. Call it
    /// at least every ``tickInterval``.
    public mutating func tick(now: Instant) -> [BrokerAction] {
        eventTime = now
        var actions: [BrokerAction] = []
        let expired = workers.filter { $0.value.expiry <= now }
        // Out of the idle lists first, so a request re-dispatched by one purge never lands on a worker that
        // expires in this same tick.
        for (identity, worker) in expired {
            services[worker.service]?.idle.removeAll(of: identity)
        }
        for identity in expired.keys {
            counters.workersExpired += 1
            purge(identity, now: now, into: &actions)
        }
        if now >= nextHeartbeat {
            nextHeartbeat = now + configuration.heartbeatInterval
            for (identity, worker) in workers {
                actions.append(.sendToWorker(identity: identity, message: .heartbeat(worker.dialect)))
            }
        }
        expireDeadlines(now: now, into: &actions)
        endEjections(now: now, into: &actions)
        forgetAbandonedServices(now: now, into: &actions)
        clients.sweep(now: now)
        releaseSpareRoom()
        return actions
    }

    private mutating func expireDeadlines(now: Instant, into actions: inout [BrokerAction]) {
        var expiredQueued: [String: Set<FairQueue.Client>] = [:]
        var outliers: Set<ZMQRoutingID> = []
        // Collected first: changing `pending` while iterating it would copy the whole table.
        let expired = pending.compactMap { id, request in
            request.deadline <= now && (!request.answered || request.outrun) ? (id, request) : nil
        }
        for (id, request) in expired {
            if request.outrun {
                // Its second copy answered it; the worker still holding the first let it pass its deadline.
                pending[id]!.outrun = false
                if countDeadlinePassed(heldBy: request.worker!) { outliers.insert(request.worker!) }
                continue
            }
            let lostAllWorkers = request.worker == nil && services[request.service]?.workerCount == 0
            counters.deadlineExceeded += lostAllWorkers ? 0 : 1
            counters.noWorkers += lostAllWorkers ? 1 : 0
            let failure: BrokerFailure = lostAllWorkers ? .noWorkers : .deadlineExceeded
            record(.answered(id: id, failure: failure))
            actions.append(
                .fail(origin: request.origin, service: request.service, failure: failure, body: request.body)
            )
            if request.worker == nil {
                removePending(id)
                services[request.service]!.queuedBytes -= request.bytes
                expiredQueued[request.service, default: []].insert(request.client)
            } else {
                dropQueuedCopy(of: request, id: id)
                pending[id]!.answered = true
                letGoOfBody(id)
                if countDeadlinePassed(heldBy: request.worker!) { outliers.insert(request.worker!) }
            }
        }
        eject(outliers, now: now, into: &actions)
        for (name, clients) in expiredQueued {
            services[name]!.queue.removeAll(where: { pending[$0] == nil }, of: clients)
        }
    }
}
