import DequeModule
import ZeroMQ

extension BrokerStateMachine {
    /// Handles a message the I/O loop could not send to a worker: its connection is gone (`EHOSTUNREACH`) or its
    /// queue is full. The worker is purged at once rather than at heartbeat expiry. When the message was a
    /// REQUEST the worker holds, that request never reached it, so it goes back to the front of its queue as it
    /// was, retryable or not.
    /// - Parameter message: the message that failed.
    public mutating func undeliverableToWorker(
        identity: ZMQRoutingID,
        message: WorkerMessage,
        now: Instant
    ) -> [BrokerAction] {
        eventTime = now
        guard let worker = workers[identity] else { return [] }
        counters.workersUnreachable += 1
        var actions: [BrokerAction] = []
        guard case .request(_, let id, _) = message, worker.requestIDs.contains(id) else {
            purge(identity, now: now, into: &actions)
            return actions
        }
        workers[identity]!.requestIDs.removeAll { $0 == id }
        purge(identity, now: now, into: &actions)
        // One of a hedged request's copies: the other goes on.
        if detach(id, from: identity) { return actions }
        // Answered meanwhile (its deadline passed in this same turn): nobody waits for it any more.
        guard !pending[id]!.answered else {
            removePending(id)
            return actions
        }
        pending[id]!.worker = nil
        enqueue(id, in: worker.service, atFront: true)
        dispatch(worker.service, into: &actions)
        return actions
    }
}
