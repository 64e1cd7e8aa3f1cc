import ZeroMQ

extension BrokerStateMachine {
    /// Makes room in the queue of service `name` for a request of `client` costing `bytes` when the queue is at its
    /// bound (``BrokerConfiguration/maximumQueuedPerService``) or its byte budget: the newest queued request of the
    /// client holding the most is answered with the same failure (counted as it and in ``BrokerCounters/shed``), as
    /// long as that client holds more queued requests than `client` does. So a full queue refuses the client filling
    /// it, not one with nothing queued.
    /// - Returns: `nil` when the request fits, else the failure to refuse it with.
    mutating func makeRoom(
        in name: String,
        for client: ZMQRoutingID?,
        bytes: Int,
        into actions: inout [BrokerAction]
    ) -> BrokerFailure? {
        while let failure = queueFailure(name, bytes: bytes) {
            guard let (heaviest, count) = services[name]!.queue.heaviest,
                count > services[name]!.queue.count(of: client),
                let id = services[name]!.queue.removeLast(of: heaviest)
            else { return failure }
            shed(id, of: name, failure: failure, into: &actions)
        }
        return nil
    }

    /// Whether the queue of `name` has no room for one more request of `bytes`.
    private func queueFailure(_ name: String, bytes: Int) -> BrokerFailure? {
        let service = services[name]!
        if service.queue.count >= configuration.maximumQueuedPerService { return .queueFull }
        if service.queuedBytes + bytes > configuration.byteBudgets.serviceQueue {
            return .overByteBudget(.serviceQueue)
        }
        return nil
    }

    /// Answers request `id`, just taken off the queue of `name`, with `failure`; a second copy of a hedged request is
    /// only dropped, as its first copy still runs.
    private mutating func shed(
        _ id: UInt64,
        of name: String,
        failure: BrokerFailure,
        into actions: inout [BrokerAction]
    ) {
        guard let request = pending[id] else { return }
        services[name]!.queuedBytes -= request.bytes
        if request.hedge == .queued {
            pending[id]!.hedge = nil
            return
        }
        removePending(id)
        counters.shed += 1
        count(failure)
        record(.answered(id: id, failure: failure))
        actions.append(.fail(origin: request.origin, service: name, failure: failure, body: request.body))
    }
}
