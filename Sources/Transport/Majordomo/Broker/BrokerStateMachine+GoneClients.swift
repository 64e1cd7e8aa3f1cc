import ZeroMQ

extension BrokerStateMachine {
    /// Handles a reply the I/O loop could not send to client `identity` because no peer has that routing id any more
    /// (`EHOSTUNREACH`): the client's requests still queued would be answered to nobody, so they leave every queue
    /// now (counted in ``BrokerCounters/queuedForGoneClients``) instead of taking turns and workers until their
    /// deadline. Requests a worker holds run on, and the owner's requests made for the client (a batch's) are left to
    /// the owner.
    public mutating func clientGone(identity: ZMQRoutingID, now: Instant) -> [BrokerAction] {
        eventTime = now
        var index = services.startIndex
        while index != services.endIndex {
            if services.values[index].queue.count(of: identity) > 0 { dropQueued(of: identity, at: index) }
            index = services.index(after: index)
        }
        return []
    }

    private mutating func dropQueued(of identity: ZMQRoutingID, at service: Dictionary<String, Service>.Index) {
        var dropped: [UInt64] = []
        services.values[service].queue.removeAll(
            where: { id in
                guard case .client = pending[id]?.origin else { return false }
                dropped.append(id)
                return true
            },
            of: [identity]
        )
        for id in dropped {
            let request = pending[id]!
            services.values[service].queuedBytes -= request.bytes
            if request.hedge == .queued {
                pending[id]!.hedge = nil
            } else {
                removePending(id)
                counters.queuedForGoneClients += 1
            }
        }
    }
}
