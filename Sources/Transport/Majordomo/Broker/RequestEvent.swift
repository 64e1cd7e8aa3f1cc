import ZeroMQ

/// What happened to one request in the broker, kept for its owner to trace (a span per request) when
/// ``BrokerConfiguration/recordsRequestEvents`` is set, and taken with ``BrokerStateMachine/takeRequestEvents()``
/// after each call. Off, the broker records nothing.
public enum RequestEvent: Sendable, Hashable {
    /// It was queued for `service`; `body` is what the client sent.
    case arrived(id: UInt64, service: String, body: ZMQFrames)
    /// It was given to `worker`: its first dispatch, one after its worker was lost (`attempt` 1), or its second copy
    /// (``Hedging``).
    case dispatched(id: UInt64, worker: ZMQRoutingID, attempt: Int, secondCopy: Bool)
    /// Its worker was lost while holding it, and it was queued first again.
    case sentAgain(id: UInt64)
    /// Its origin was answered: with a worker's reply, or with `failure`.
    case answered(id: UInt64, failure: BrokerFailure?)
    /// The broker let it go (answered, or its client gone).
    case forgotten(id: UInt64)
}

extension BrokerStateMachine {
    /// Records `event` when the configuration asks for request events.
    mutating func record(_ event: @autoclosure () -> RequestEvent) {
        if configuration.recordsRequestEvents { requestEvents.append(event()) }
    }

    /// The request events recorded since the last call, oldest first.
    public mutating func takeRequestEvents() -> [RequestEvent] {
        guard !requestEvents.isEmpty else { return [] }
        defer { requestEvents.removeAll(keepingCapacity: true) }
        return requestEvents
    }
}
