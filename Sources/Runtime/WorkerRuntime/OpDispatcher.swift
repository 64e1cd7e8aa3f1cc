import EnvelopeTracing
import Foundation
import Logging
import Metrics
import Tracing
import Wire
import ZeroMQ

/// Turns a request body into a reply body: finds the op, runs it, and answers every failure with a typed error.
/// It also answers the built-in `ops` op with each op's summary and the schemas of its arguments and result.
public struct OpDispatcher: Sendable {
    private let registry: OpRegistry
    private let opsReply: OpsListing
    private let logger: Logger
    private let metrics: [String: OpMetrics]
    private let unknownMetrics: OpMetrics
    private let requestTimeout: Duration
    private let service: String
    /// The tracer, nil while tracing is off (``EnvelopeTracing/EnvelopeTrace/tracer``): then no span is made.
    private let tracer: (any Tracer)?

    /// - Parameters:
    ///   - service: the service name, reported by `ops`.
    ///   - registry: the ops served.
    ///   - requestTimeout: how long an async op may run before it is answered `deadline_exceeded` and cancelled.
    public init(service: String, registry: OpRegistry, requestTimeout: Duration = .seconds(4), logger: Logger) {
        self.registry = registry
        self.requestTimeout = requestTimeout
        self.service = service
        tracer = EnvelopeTrace.tracer
        self.logger = logger
        let listing = registry.ops.map(\.description)
        opsReply = OpsListing.hoisting(service: service, ops: listing + [.ops]).listing
        var metrics: [String: OpMetrics] = [:]
        for name in registry.ops.map(\.name) + ["ops"] { metrics[name] = OpMetrics(service: service, op: name) }
        self.metrics = metrics
        unknownMetrics = OpMetrics(service: service, op: "unknown")
    }

    /// What became of a request body: answered already, or an op to run as a task.
    public enum Outcome: Sendable {
        /// The reply body: the op ran in place, or the request failed before any op ran.
        case replied([UInt8])
        /// An op with an async handler, to finish with ``finish(_:)``.
        case pending(PendingOp)
    }

    /// An async op ready to run, with its request's context.
    public struct PendingOp: Sendable {
        let op: Op
        let request: OpRequest
        let started: ContinuousClock.Instant
        /// The request's span (``OpSpan``), nil while tracing is off.
        let span: (any Span)?
    }

    /// Answers one request body (the MDP body frames) in place when it can: malformed requests, unknown ops,
    /// `ops`, and ops with synchronous handlers that take the request in place. Ops with async handlers, and
    /// requests an inline op finds too costly, come back as ``Outcome/pending(_:)``.
    /// The body is parsed once; the op's arguments are decoded from that parse.
    public func dispatch(_ body: [[UInt8]]) -> Outcome {
        dispatch(json: body.count == 1 ? body[0] : nil)
    }

    /// ``dispatch(_:)`` for body frames as a gateway session received them.
    public func dispatch(_ body: ZMQFrames) -> Outcome {
        dispatch(json: body.count == 1 ? body.bytes(at: 0) : nil)
    }

    /// Answers a request whose body is `json`, or `nil` when it was not one frame.
    private func dispatch(json: [UInt8]?) -> Outcome {
        let started = ContinuousClock.now
        guard let json, let request = try? JSONValue(parsing: json),
            let header = RequestHeader(request: request)
        else {
            unknownMetrics.record(ok: false, since: started)
            let error = WireError(.malformedRequest, "body must be one JSON object with a string op")
            return .replied(JSONCoding.errorReply(error, id: nil))
        }
        var logger = logger
        if logger.logLevel <= .debug {
            logger[metadataKey: "request.id"] = header.id.map { .string($0) }
            logger[metadataKey: "op"] = .string(header.op)
        }
        let context = OpContext(
            op: header.op,
            requestID: header.id,
            token: header.token,
            idempotencyKey: header.idempotencyKey,
            caller: header.caller,
            deadline: started + requestTimeout,
            logger: logger
        )
        let op = registry.op(named: header.op)
        let span = tracer.map { OpSpan.start($0, service: service, header: header, effect: op?.effect) }
        if header.op == "ops" {
            metrics["ops"]?.record(ok: true, since: started)
            OpSpan.end(span)
            return .replied((try? JSONCoding.encode(Reply.success(opsReply, id: header.id))) ?? [])
        }
        guard let op else {
            unknownMetrics.record(ok: false, since: started)
            let error = WireError(.unknownOp, "no op \(header.op)", field: "op")
            OpSpan.end(span, error: error)
            return .replied(JSONCoding.errorReply(error, id: header.id))
        }
        if let runInline = op.runInline {
            do {
                let reply = try OpSpan.within(span) { try runInline(request["args"], context) }
                if let reply { return .replied(record(op, started, reply: reply, span: span)) }
            } catch {
                return .replied(record(op, started, failure: error, context: context, span: span))
            }
        }
        let opRequest = OpRequest(args: request["args"], context: context)
        return .pending(PendingOp(op: op, request: opRequest, started: started, span: span))
    }

    /// How long an op may go on after its cancellation at the deadline before its request is answered without it.
    static let overdueGrace = Duration.seconds(1)

    /// Runs an async op to its reply body; at the request's deadline the op is cancelled and answered
    /// `deadline_exceeded`.
    public func finish(_ pending: PendingOp) async -> [UInt8] {
        await finish(pending) { _ in }
            ?? JSONCoding.errorReply(Self.deadlineError(pending.op), id: pending.request.context.requestID)
    }

    /// Runs an async op to its reply body, like ``finish(_:)``; but an op still running ``overdueGrace`` after its
    /// cancellation (stuck somewhere deaf to it) has its `deadline_exceeded` reply handed to `whenOverdue` at once.
    /// Returns when the op has ended, with nil when `whenOverdue` had the reply.
    public func finish(_ pending: PendingOp, whenOverdue: @escaping @Sendable ([UInt8]) -> Void) async -> [UInt8]? {
        let context = pending.request.context
        let overdue: @Sendable () -> Void = { [self] in
            context.logger.error(
                "op still running after its cancellation; answered without it",
                metadata: ["op": "\(pending.op.name)"]
            )
            whenOverdue(
                record(pending.op, pending.started, failure: DeadlineExceeded(), context: context, span: pending.span)
            )
        }
        do {
            let response = try await OpSpan.within(pending.span) {
                try await withDeadline(context.deadline, grace: Self.overdueGrace, onOverdue: overdue) {
                    [op = pending.op, request = pending.request] in
                    try await op.run(request)
                }
            }
            let reply = JSONCoding.successReply(
                resultJSON: response.resultJSON,
                id: context.requestID,
                replayed: response.replayed
            )
            return record(pending.op, pending.started, reply: reply, span: pending.span)
        } catch let error as DeadlineExceeded where error.answered {
            return nil
        } catch {
            return record(pending.op, pending.started, failure: error, context: context, span: pending.span)
        }
    }

    /// Runs the op called `name` in this process, on `args` as a JSON value, as ``handle(_:)`` would (middleware,
    /// decoding, the handler, the deadline) but with no request or reply envelope: for a service that uses another
    /// service's ops without a round trip through the gateway. It may run for `timeout`, else the dispatcher's
    /// request timeout.
    /// - Throws: ``WireError``: `unknown_op` (field `op`), `deadline_exceeded`, or the op's own error as a worker
    ///   would answer it.
    public func call(
        _ name: String,
        args: JSONValue,
        timeout: Duration? = nil,
        logger: Logger
    ) async throws -> JSONValue {
        guard let op = registry.op(named: name) else { throw WireError(.unknownOp, "no op \(name)", field: "op") }
        let context = OpContext(op: name, deadline: .now + (timeout ?? requestTimeout), logger: logger)
        do {
            let response = try await withDeadline(
                context.deadline,
                grace: Self.overdueGrace,
                onOverdue: {},
                { try await op.run(OpRequest(args: args, context: context)) }
            )
            return try JSONValue(parsing: response.resultJSON)
        } catch is DeadlineExceeded {
            throw Self.deadlineError(op)
        } catch let error as any WireErrorConvertible {
            throw error.wireError
        } catch {
            throw WireError(.internal, "\(name) failed")
        }
    }

    /// Answers one request body, running any op to completion.
    public func handle(_ body: [[UInt8]]) async -> [UInt8] {
        switch dispatch(body) {
        case .replied(let reply): reply
        case .pending(let pending): await finish(pending)
        }
    }

    private func record(_ op: Op, _ started: ContinuousClock.Instant, reply: [UInt8], span: (any Span)?) -> [UInt8] {
        metrics[op.name]?.record(ok: true, since: started)
        OpSpan.end(span)
        return reply
    }

    /// The typed error reply for what an op threw.
    private func record(
        _ op: Op,
        _ started: ContinuousClock.Instant,
        failure: any Error,
        context: OpContext,
        span: (any Span)?
    ) -> [UInt8] {
        metrics[op.name]?.record(ok: false, since: started)
        let wireError: WireError
        switch failure {
        case let error as any WireErrorConvertible: wireError = error.wireError
        case let error as DecodingError: wireError = ArgsDecoder.wireError(for: error)
        case is DeadlineExceeded, is CancellationError:
            wireError = Self.deadlineError(op)
        default:
            context.logger.error("op failed", metadata: ["error": "\(failure)", "op": "\(op.name)"])
            wireError = WireError(.internal, "internal error")
        }
        OpSpan.end(span, error: wireError)
        return JSONCoding.errorReply(wireError, id: context.requestID)
    }

    private static func deadlineError(_ op: Op) -> WireError {
        WireError(.deadlineExceeded, "\(op.name) did not finish within its deadline")
    }
}

/// Request counters and latency for one op, created once.
private struct OpMetrics: Sendable {
    let succeeded: Counter
    let failed: Counter
    let duration: Timer

    init(service: String, op: String) {
        succeeded = Counter(
            label: "worker_requests_total",
            dimensions: [("service", service), ("op", op), ("outcome", "ok")]
        )
        failed = Counter(
            label: "worker_requests_total",
            dimensions: [("service", service), ("op", op), ("outcome", "error")]
        )
        duration = Timer(label: "worker_request_duration_seconds", dimensions: [("service", service), ("op", op)])
    }

    func record(ok: Bool, since started: ContinuousClock.Instant) {
        (ok ? succeeded : failed).increment()
        duration.recordInterval(since: started)
    }
}

extension Timer {
    fileprivate func recordInterval(since started: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - started
        recordNanoseconds(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }
}
