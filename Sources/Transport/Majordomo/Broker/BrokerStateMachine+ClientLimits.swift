import ZeroMQ

extension BrokerStateMachine {
    /// Clients whose bucket or pending count the broker keeps now; bounded by ``ClientLimits/maximumTracked``.
    public var trackedClientCount: Int { clients.count }

    /// Takes a token from `client`'s bucket for a request.
    /// - Returns: `nil` when taken, else the failure to answer the request with (counted).
    mutating func overRate(_ client: ZMQRoutingID, now: Instant) -> BrokerFailure? {
        guard let failure = clients.admit(client, now: now) else { return nil }
        counters.rateLimited += 1
        return failure
    }

    /// Forgets request `id`, releasing its bytes and its client's pending count; every request leaves ``pending`` this way.
    @discardableResult
    mutating func removePending(_ id: UInt64) -> Pending? {
        guard let request = pending.removeValue(forKey: id) else { return nil }
        record(.forgotten(id: id))
        pendingBytes -= request.bytes
        if let client = request.client { clients.release(client, bytes: request.bytes) }
        return request
    }
}
