import EnvelopeTracing
import Foundation
import Synchronization
import Wire
import ZeroMQ

/// An async client for Reckon: sends MDP/0.2 requests to the gateway and returns each reply's `result`.
///
/// Many calls may be in flight at once on one client; replies are matched by the JSON `id` the client puts on each
/// request. With several gateways it uses one at a time and fails over to the next when that one stops answering,
/// sending again only the calls that carry an idempotency key (see ``Configuration/failoverAfter``). The sockets
/// live on a thread of the client's own; ``close()`` ends it.
///
/// ```swift
/// let client = try ReckonClient(configuration: .init(endpoint: "tcp://127.0.0.1:5555"))
/// defer { client.close() }
/// let answer = try await client.call(EvaluateOp.self, .init(expression: "2^100"))  // typed, from CalcAPI
/// print(answer.value)
/// let raw = try await client.call(service: "calc", op: "evaluate", args: ["expression": "2^100"])  // any op, JSON
/// ```
public final class ReckonClient: ReckonCalls {
    let configuration: Configuration
    let shared: ClientShared
    private var wakeup: WakeupPipe { shared.wakeup }
    private let context: ZMQContext
    private let prefix = "rc-\(UInt32.random(in: 0...UInt32.max))-"
    /// The process's tracer as the client was made, nil while tracing is off.
    let tracer = EnvelopeTrace.tracer

    /// Connects (libzmq connects lazily, so this succeeds before the gateway is up).
    /// - Throws: ``ZMQError`` for a malformed endpoint.
    public init(configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        context = try ZMQContext()
        shared = try ClientShared()
        let sockets = try configuration.endpoints.map { endpoint in
            let socket = try ZMQSocket(context: context, type: .dealer)
            if let curve = configuration.curve {
                try socket.makeCurveClient(serverKey: curve.serverKey, keyPair: curve.keyPair)
            }
            try socket.connect(endpoint)
            return socket
        }
        let loop = ClientLoop(sockets: sockets, shared: shared, failoverAfter: configuration.failoverAfter)
        let thread = Thread { loop.run() }
        thread.name = "reckon-client"
        thread.start()
    }

    deinit { close() }

    /// Fails every pending call with `unavailable` and stops the client's thread. Later calls fail at once.
    public func close() {
        shared.state.withLock { $0.closed = true }
        wakeup.signal()
        context.shutdown()
    }

    /// Sends `call` and returns its whole reply; see ``ReckonCalls/call(service:op:args:token:idempotencyKey:timeout:requestID:caller:)``.
    public func reply(to call: Request, timeout: Duration?, requestID: String?) async throws -> JSONValue {
        try Self.checkJSONService(call.service)
        let reply = try await call.traced(by: tracer) { call in
            let request = queuedRequest(call, tag: requestID)
            return try await send(
                service: call.service,
                body: request.body,
                id: request.id,
                timeout: timeout,
                resendable: request.resendable
            )
        }
        configuration.replyObserver?(ObservedReply(service: call.service, op: call.op, reply: reply))
        return reply
    }

    /// Throws, before anything is sent, for a service no JSON call can reach: a name that is empty or over 255 bytes
    /// (which the gateway refuses), or MMI's (`mmi.*`, which answers plain text: ``callRaw(service:body:timeout:)``).
    public static func checkJSONService(_ service: String) throws {
        guard !service.isEmpty, service.utf8.count <= 255 else {
            throw WireError(.invalidArgument, "a service name is 1 to 255 bytes of UTF-8", field: "service")
        }
        guard !service.hasPrefix("mmi.") else {
            throw WireError(.unknownService, "\(service) answers plain text, not JSON", field: "service")
        }
    }

    /// Sends a raw MDP body to `service` (MMI, say) and returns the first body frame of the reply as UTF-8 text's
    /// bytes. Raw replies carry no JSON id, so they are matched to raw calls of their service in the order queued.
    /// Raw calls are taken to be queries (MMI), which are sent again after a failover.
    /// - Throws: ``WireError`` on timeout or once closed.
    public func callRaw(service: String, body: [UInt8], timeout: Duration? = nil) async throws -> [UInt8] {
        let number = nextCallNumber()
        let reply = try await send(
            service: service,
            body: body,
            id: "raw-\(number)",
            timeout: timeout,
            resendable: true,
            raw: true
        )
        return Array((reply.stringValue ?? "").utf8)
    }

    /// The wire request for `call`, under a fresh JSON id, with `tag` after it when given, carrying the configured
    /// trace context when it names none.
    func queuedRequest(_ call: Request, tag: String? = nil) -> QueuedRequest {
        var call = call
        if call.traceparent == nil, let context = configuration.traceContext {
            (call.traceparent, call.tracestate) = context
        }
        return QueuedRequest(call, id: prefix + String(nextCallNumber()) + (tag.map { "/" + $0 } ?? ""))
    }

    /// A fresh call number, the suffix of the call's JSON id.
    private func nextCallNumber() -> UInt64 {
        shared.state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
    }

    private func send(
        service: String,
        body: [UInt8],
        id: String,
        timeout: Duration?,
        resendable: Bool,
        raw: Bool = false
    ) async throws -> JSONValue {
        let request = QueuedRequest(id: id, service: service, body: body, resendable: resendable)
        let deadline = ContinuousClock.now + (timeout ?? configuration.timeout)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                enqueue([(request, raw, deadline, { @Sendable in continuation.resume(with: $0) })])
            }
        } onCancel: {
            shared.state.withLock { $0.pending.removeValue(forKey: id) }?.complete(.failure(CancellationError()))
        }
    }

    /// Queues calls under one lock and wakes the loop once, which sends them in one turn; fails them all with
    /// `unavailable` when the client is closed.
    func enqueue(
        _ calls: [(
            request: QueuedRequest, raw: Bool, deadline: ContinuousClock.Instant,
            complete: @Sendable (Result<JSONValue, any Error>) -> Void
        )]
    ) {
        let accepted = shared.state.withLock { state -> Bool in
            guard !state.closed else { return false }
            for call in calls {
                state.pending[call.request.id] = PendingCall(
                    service: call.request.service,
                    queuedAs: state.outbox.count + state.sentCount,
                    raw: call.raw,
                    deadline: call.deadline,
                    complete: call.complete
                )
                state.nextDeadline = min(state.nextDeadline ?? call.deadline, call.deadline)
                state.outbox.append(call.request)
            }
            return true
        }
        if accepted {
            wakeup.signal()
        } else {
            for call in calls { call.complete(.failure(WireError(.unavailable, "client is closed"))) }
        }
    }
}
