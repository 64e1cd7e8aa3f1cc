import Logging

/// What an op and its middleware know about the request they serve.
public struct OpContext: Sendable {
    /// The op's name.
    public var op: String
    /// The request's `id`, echoed in the reply and carried in logs as `request.id`.
    public var requestID: String?
    /// The caller's token (a ledger session, or the orders staff key).
    public var token: String?
    /// The request's idempotency key, when the client sent one.
    public var idempotencyKey: String?
    /// The end caller a trusted bridge named (``Wire/RequestHeader/caller``), if any.
    public var caller: String?
    /// When the worker stops waiting for the op: it answers `deadline_exceeded` and cancels the op's task.
    public var deadline: ContinuousClock.Instant
    /// A logger with the request id in its metadata.
    public var logger: Logger

    public init(
        op: String,
        requestID: String? = nil,
        token: String? = nil,
        idempotencyKey: String? = nil,
        caller: String? = nil,
        deadline: ContinuousClock.Instant = .now + .seconds(5),
        logger: Logger
    ) {
        self.op = op
        self.requestID = requestID
        self.token = token
        self.idempotencyKey = idempotencyKey
        self.caller = caller
        self.deadline = deadline
        self.logger = logger
    }
}
