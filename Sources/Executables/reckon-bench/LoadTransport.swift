import ZeroMQ

/// Where a ``LoadGenerator`` sends requests: through the gateway (``GatewayClients``) or straight to worker slots
/// (``DirectDispatcher``).
///
/// A transport lives and dies on the load thread. The generator guarantees that a client has at most one request in
/// flight, so the transport never queues.
protocol LoadTransport: AnyObject {
    /// Opens what `clients` concurrent requests need and adds the transport's sockets to `poller`.
    /// - Throws: ``ZMQError``, or ``BenchError`` when the transport cannot serve that many clients.
    func prepare(clients: Int, poller: inout ZMQPoller) throws

    /// Sends `client`'s next request.
    /// - Throws: ``ZMQError`` or ``BenchError``.
    func send(client: Int) throws

    /// Reads the replies waiting after a poll and hands each to `handle` with the client it answers.
    /// - Throws: what `handle` throws, ``ZMQError``, or ``BenchError`` when a peer fails mid-request.
    func receive(_ poller: ZMQPoller, _ handle: (_ client: Int, _ outcome: ReplyOutcome) throws -> Void) throws

    /// Does what is due at `now` (monotonic nanoseconds), such as heartbeats.
    /// - Throws: ``ZMQError``.
    func tick(now: UInt64) throws

    /// Closes every socket the transport opened.
    func close()
}
