import ZeroMQ

/// Where a client's reply goes: the ROUTER identity and the dialect to answer in.
public struct ClientRoute: Sendable, Hashable {
    public var identity: ZMQRoutingID
    public var dialect: ClientDialect

    public init(identity: ZMQRoutingID, dialect: ClientDialect) {
        self.identity = identity
        self.dialect = dialect
    }
}

/// Who is waiting for a request's reply.
public enum RequestOrigin: Sendable, Hashable {
    /// A client on the client socket.
    case client(ClientRoute)
    /// The broker's owner itself (the gateway's batch fan-out), by a token it chose.
    case owner(token: UInt64)
}

/// Why the broker answers a request itself instead of with a worker's reply.
public enum BrokerFailure: Sendable, Hashable {
    /// No worker serves the service.
    case noWorkers
    /// No worker has ever served a service of that name here, and the broker has run long enough for every worker
    /// of a gateway that restarted to have come back (``BrokerStateMachine/knowsEveryService``).
    case unknownService
    /// The service frame is no service name (empty, over 255 bytes, or not UTF-8).
    case badServiceName
    /// The request names an end caller (``EndCaller``) its client may not name, or one that is not 1 to 255 bytes
    /// of text.
    case callerRefused
    /// The worker holding the request died and the request could not be safely re-dispatched.
    case workerLost
    /// The request's deadline passed, queued or in flight.
    case deadlineExceeded
    /// The service's queue is full.
    case queueFull
    /// The client's message was over the owner's size or frame limit.
    case requestTooLarge
    /// The worker's reply was over the owner's size or frame limit, and was dropped.
    case replyTooLarge
    /// The client is over its ``ClientLimits/rate`` (or is new while the broker tracks as many clients as it may);
    /// it may try again in `retryAfterSeconds` whole seconds.
    case rateLimited(retryAfterSeconds: Int)
    /// The client already has ``ClientLimits/maximumPending`` requests queued or in flight.
    case tooManyPending
    /// The request would pass a byte budget (``ByteBudgets``, ``ClientLimits/maximumPendingBytes``).
    case overByteBudget(ByteBudget)
}

/// What the I/O loop must do after feeding the broker an event.
public enum BrokerAction: Sendable, Hashable {
    /// Send `message` to the client with `identity`.
    case sendToClient(identity: ZMQRoutingID, message: ClientMessage)
    /// Send `message` to the worker with `identity`.
    case sendToWorker(identity: ZMQRoutingID, message: WorkerMessage)
    /// Answer `origin` with an error for `failure`; `body` is the request, for its JSON `id`.
    case fail(origin: RequestOrigin, service: String, failure: BrokerFailure, body: ZMQFrames)
    /// The FINAL reply to an owner request.
    case deliver(token: UInt64, body: ZMQFrames)
    /// A client request for one of the owner's built-in services.
    case builtin(route: ClientRoute, service: String, body: ZMQFrames)
    /// A message was dropped as malformed or out of protocol.
    case dropped(MajordomoError)
    /// A peer was refused because a limit was reached; worth a warning in the log.
    case refused(MajordomoError)
}
