import DequeModule

extension BrokerStateMachine {
    /// Handles a message the I/O loop could not send to a worker: its connection is gone (`EHOSTUNREACH`) or its
    /// queue is full. The worker is purged at once rather than at heartbeat expiry. When the message was a
    /// REQUEST the worker holds, that request never reached it, so it goes back to the front of its queue as it
    /// was, retryable or not.
    /// - Parameter frames: the message that failed, without the identity frame.
    public mutating func undeliverableToWorker(identity: [UInt8], frames: [[UInt8]], now: Instant) -> [BrokerAction] {
        guard let worker = workers[identity] else { return [] }
        counters.workersUnreachable += 1
        var actions: [BrokerAction] = []
        guard let id = worker.requestIDs.first(where: { Self.isRequest(frames, id: $0, dialect: worker.dialect) })
        else {
            purge(identity, now: now, into: &actions)
            return actions
        }
        workers[identity]!.requestIDs.removeAll { $0 == id }
        purge(identity, now: now, into: &actions)
        pending[id]!.worker = nil
        services[worker.service]!.queue.prepend(id)
        dispatch(worker.service, into: &actions)
        return actions
    }

    /// Whether `frames` are the REQUEST for request `id`, framed for `dialect`.
    private static func isRequest(_ frames: [[UInt8]], id: UInt64, dialect: WorkerDialect) -> Bool {
        let command = BrokerWorkerCodec.headerCount(dialect)
        return frames.count > command + 1 && frames[command] == [Command.request] && frames[command + 1] == address(id)
    }
}
