import DequeModule
import ZeroMQ

extension BrokerStateMachine {
    /// Whether a request of `bytes` would pass the broker's budget (a service queue's is ``makeRoom(in:for:bytes:into:)``'s).
    func overTotalByteBudget(bytes: Int) -> BrokerFailure? {
        pendingBytes + bytes > configuration.byteBudgets.total ? .overByteBudget(.total) : nil
    }

    /// Counts a request of `client` (if its limits are tracked) holding `bytes` as pending.
    /// - Returns: `nil` when counted, else the failure to answer the request with.
    mutating func hold(_ client: ZMQRoutingID?, bytes: Int, now: Instant) -> BrokerFailure? {
        client.flatMap { clients.hold($0, bytes: bytes, now: now) }
    }

    /// Counts a request refused by a full queue, a byte budget or a per-client limit.
    mutating func count(_ failure: BrokerFailure) {
        switch failure {
        case .queueFull: counters.queueFull += 1
        case .overByteBudget: counters.overByteBudget += 1
        default: counters.tooManyPending += 1
        }
    }

    /// Queues request `id` for `service` in its client's turn, after the client's other requests or (a request going
    /// back to its queue) before them.
    mutating func enqueue(_ id: UInt64, in service: String, atFront: Bool = false) {
        let request = pending[id]!
        if atFront {
            services[service]!.queue.prepend(id, cost: request.bytes, of: request.client)
        } else {
            services[service]!.queue.append(id, cost: request.bytes, of: request.client)
        }
        services[service]!.queuedBytes += request.bytes
    }

    /// Lets go of the body of request `id`, answered while a worker holds it: nothing reads it again, and a worker
    /// that never answers would otherwise keep it until it is purged. The request then counts for
    /// ``ByteBudgets/requestOverhead`` alone.
    mutating func letGoOfBody(_ id: UInt64) {
        guard let request = pending.index(forKey: id) else { return }
        let freed = pending.values[request].bytes - ByteBudgets.requestOverhead
        pending.values[request].body = ZMQFrames([])
        pending.values[request].bytes -= freed
        pendingBytes -= freed
        if let client = pending.values[request].client { clients.release(client, bytes: freed, request: false) }
        for identity in [pending.values[request].worker, pending.values[request].hedgeHolder] {
            guard let identity, let worker = workers.index(forKey: identity) else { continue }
            workers.values[worker].heldBytes -= freed
        }
    }
}
