import EnvelopeTracing
import NIOCore
import NIOPosix
import ReckonClient
import Synchronization
import Wire

/// A Reckon client whose gateway connections live on NIO's event loops, one per loop: a call made on a loop (an HTTP
/// handler's task, with NIO's loops as Swift concurrency's executor) is sent, answered and resumed there, with no
/// hand-off to another thread. It speaks ZMTP 3.1 itself, over plain TCP or IPC with the NULL mechanism; for CURVE
/// use ``ReckonClient/ReckonClient``. Failover and timeouts are ``ReckonClient/ReckonClient``'s (``LoopLink``).
public final class LoopClient: LoopCalls {
    private let links: [LoopLink]
    private let timeout: Duration
    private let replyObserver: (@Sendable (ReckonClient.ObservedReply) -> Void)?
    private let prefix = "lc-\(UInt32.random(in: 0...UInt32.max))-"
    private let counter = Atomic<UInt64>(0)
    /// The process's tracer as the client was made, nil while tracing is off.
    private let tracer = EnvelopeTrace.tracer

    /// Starts connecting every loop of `group` to the first gateway of `configuration` (which must not use CURVE).
    /// - Throws: ``ZMTPError`` for an endpoint that is not `tcp://HOST:PORT` or `ipc://PATH`, or for CURVE.
    public init(
        configuration: ReckonClient.Configuration,
        group: MultiThreadedEventLoopGroup = .singleton
    ) throws {
        guard configuration.curve == nil else { throw ZMTPError("LoopClient speaks the NULL mechanism only") }
        let endpoints = try configuration.endpoints.map(GatewayAddress.init(parsing:))
        let failoverAfter = TimeAmount(configuration.failoverAfter)
        links = group.makeIterator().map { LoopLink(loop: $0, endpoints: endpoints, failoverAfter: failoverAfter) }
        timeout = configuration.timeout
        replyObserver = configuration.replyObserver
        for link in links { link.start() }
    }

    deinit { close() }

    /// Fails every pending call with `unavailable` and closes the connections. Later calls fail at once.
    public func close() {
        for link in links { link.close() }
    }

    /// Sends `call` through the current loop's connection (any loop's, off the loops) and returns the whole reply;
    /// see ``ReckonClient/ReckonCalls/call(service:op:args:token:idempotencyKey:timeout:requestID:caller:)``.
    /// - Throws: ``WireError``: `deadline_exceeded` on timeout, `unavailable` once closed or when a gateway went away
    ///   with a call that carried no idempotency key, `internal` for a reply that is not JSON.
    public func reply(to call: ReckonClient.Request, timeout: Duration?, requestID: String?) async throws -> JSONValue {
        let reply = try Self.parse(try await send(call, timeout: timeout, requestID: requestID))
        replyObserver?(ReckonClient.ObservedReply(service: call.service, op: call.op, reply: reply))
        return reply
    }

    /// Sends `call` as ``reply(to:timeout:requestID:)`` does, and returns the reply as it came, unparsed (unless a
    /// reply observer is set).
    public func replyBytes(
        to call: ReckonClient.Request,
        timeout: Duration?,
        requestID: String?
    ) async throws -> ReplyBytes {
        let bytes = try await send(call, timeout: timeout, requestID: requestID)
        if let replyObserver {
            replyObserver(ReckonClient.ObservedReply(service: call.service, op: call.op, reply: try Self.parse(bytes)))
        }
        return ReplyBytes(bytes)
    }

    /// Sends `call` untraced, with no task: the bridge's pipeline calls it only while the process does not trace.
    /// See ``ReckonClient/LoopCalls/send(_:timeout:requestID:done:)``.
    public func send(
        _ call: ReckonClient.Request,
        timeout: Duration?,
        requestID: String?,
        done: @escaping @Sendable (Result<ReplyBytes, any Error>) -> Void
    ) {
        do {
            try ReckonClient.checkJSONService(call.service)
        } catch {
            return done(.failure(error))
        }
        let (request, link) = queued(call, requestID: requestID)
        let caller = MultiThreadedEventLoopGroup.currentEventLoop
        let observer = replyObserver
        start(request, on: link, timeout: TimeAmount(timeout ?? self.timeout)) { outcome in
            let reply = outcome.map(ReplyBytes.init)
            if let observer, case .success(let bytes) = outcome, let parsed = try? Self.parse(bytes) {
                observer(ReckonClient.ObservedReply(service: call.service, op: call.op, reply: parsed))
            }
            guard let caller, !caller.inEventLoop else { return done(reply) }
            caller.execute { done(reply) }
        }
    }

    /// Sends `call` and returns its reply's body.
    private func send(_ call: ReckonClient.Request, timeout: Duration?, requestID: String?) async throws -> [UInt8] {
        try ReckonClient.checkJSONService(call.service)
        return try await call.traced(by: tracer) { try await send(traced: $0, timeout: timeout, requestID: requestID) }
    }

    private func send(traced call: ReckonClient.Request, timeout: Duration?, requestID: String?) async throws -> [UInt8]
    {
        let (request, link) = queued(call, requestID: requestID)
        let wait = TimeAmount(timeout ?? self.timeout)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                start(request, on: link, timeout: wait) { continuation.resume(with: $0) }
            }
        } onCancel: {
            link.loop.execute { link.cancel(request.id) }
        }
    }

    /// `call` under a fresh id, and the link it goes out on.
    private func queued(_ call: ReckonClient.Request, requestID: String?) -> (QueuedRequest, LoopLink) {
        let number = counter.add(1, ordering: .relaxed).newValue
        let request = QueuedRequest(call, id: prefix + String(number) + (requestID.map { "/" + $0 } ?? ""))
        return (request, link(number))
    }

    /// Starts `request` on `link`, from its loop.
    private func start(
        _ request: QueuedRequest,
        on link: LoopLink,
        timeout: TimeAmount,
        end: @escaping @Sendable (Result<[UInt8], any Error>) -> Void
    ) {
        if link.loop.inEventLoop {
            link.call(request, timeout: timeout, continuation: CallEnd(body: end))
        } else {
            link.loop.execute { link.call(request, timeout: timeout, continuation: CallEnd(body: end)) }
        }
    }

    private static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        do {
            return try JSONValue(parsing: bytes)
        } catch {
            throw WireError(.internal, "the gateway's reply is not JSON")
        }
    }

    /// The current loop's link; off the loops, one in turn.
    private func link(_ number: UInt64) -> LoopLink {
        if let current = MultiThreadedEventLoopGroup.currentEventLoop,
            let link = links.first(where: { $0.loop === current })
        {
            return link
        }
        return links[Int(number % UInt64(links.count))]
    }
}

extension TimeAmount {
    /// A `Duration` in NIO's nanoseconds, saturating.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        self = .nanoseconds(overflow ? .max : nanoseconds.addingReportingOverflow(attoseconds / 1_000_000_000).0)
    }
}
