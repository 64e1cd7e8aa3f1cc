extension BrokerStateMachine {
    /// A worker's message over the owner's size or frame limit. A PARTIAL or FINAL for the request the worker holds
    /// is dropped and its origin told, once; a FINAL still frees the worker for the next request. Anything else
    /// oversized is dropped.
    mutating func refuseOversized(_ identity: [UInt8], command: WorkerCommand, now: Instant) -> [BrokerAction] {
        let address: [UInt8]?
        switch command {
        case .partial(let replyAddress, _), .final(let replyAddress, _): address = replyAddress
        default: address = nil
        }
        guard let worker = workers[identity], let address, let id = holdingRequest(worker, address: address) else {
            return [.dropped(MajordomoError(.tooLarge, "oversized message that is no reply to a request held"))]
        }
        workers[identity]!.expiry = now + workerExpiry
        var actions: [BrokerAction] = []
        let request = pending[id]!
        if !request.answered {
            pending[id]!.answered = true
            let failure = BrokerFailure.replyTooLarge
            actions.append(
                .fail(origin: request.origin, service: request.service, failure: failure, body: request.body)
            )
        }
        if case .final = command { complete(id, worker: identity, body: [], into: &actions) }
        return actions
    }
}
