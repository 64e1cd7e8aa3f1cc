import ZeroMQ

extension BrokerStateMachine {
    /// A worker's message over the owner's size or frame limit. A PARTIAL or FINAL for the request the worker holds
    /// is dropped and its origin told, once; a FINAL still frees the worker for the next request. Anything else
    /// oversized is dropped.
    mutating func refuseOversized(
        _ identity: ZMQRoutingID,
        command: WorkerCommand,
        now: Instant,
        into actions: inout [BrokerAction]
    ) {
        let requestID: UInt64?
        switch command {
        case .partial(let replyID, _), .final(let replyID, _): requestID = replyID
        default: requestID = nil
        }
        guard let worker = workers.index(forKey: identity), let id = holdingRequest(worker, requestID: requestID) else {
            actions.append(.dropped(MajordomoError(.tooLarge, "oversized message that is no reply to a request held")))
            return
        }
        workers[identity]!.expiry = now + workerExpiry
        let request = pending[id]!
        if !request.answered {
            pending[id]!.answered = true
            let failure = BrokerFailure.replyTooLarge
            record(.answered(id: id, failure: failure))
            actions.append(
                .fail(origin: request.origin, service: request.service, failure: failure, body: request.body)
            )
        }
        if case .final(_, let body) = command { complete(id, worker: identity, body: body, into: &actions) }
    }
}
