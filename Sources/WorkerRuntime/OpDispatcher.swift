import Foundation
import Logging
import Metrics
import Wire

/// Turns a request body into a reply body: finds the op, runs it, and answers every failure with a typed error.
/// It also answers the built-in `ops` op with each op's summary and argument schema.
public struct OpDispatcher: Sendable {
    private let registry: OpRegistry
    private let opsReply: JSONValue
    private let logger: Logger
    private let metrics: [String: OpMetrics]
    private let unknownMetrics: OpMetrics

    /// - Parameters:
    ///   - service: the service name, reported by `ops`.
    ///   - registry: the ops served.
    public init(service: String, registry: OpRegistry, logger: Logger) {
        self.registry = registry
        self.logger = logger
        let listing = registry.ops.map { op -> JSONValue in
            ["name": .string(op.name), "summary": .string(op.summary), "schema": op.argsSchema]
        }
        let opsOp: JSONValue = [
            "name": "ops", "summary": "Lists this service's ops with their argument schemas",
            "schema": ["type": "object"],
        ]
        opsReply = ["service": .string(service), "ops": .array(listing + [opsOp])]
        var metrics: [String: OpMetrics] = [:]
        for name in registry.ops.map(\.name) + ["ops"] { metrics[name] = OpMetrics(service: service, op: name) }
        self.metrics = metrics
        unknownMetrics = OpMetrics(service: service, op: "unknown")
    }

    /// Answers one request body (the MDP body frames).
    public func handle(_ body: [[UInt8]]) async -> [UInt8] {
        let started = ContinuousClock.now
        guard body.count == 1, let header = try? JSONCoding.decode(RequestHeader.self, from: body[0]) else {
            unknownMetrics.record(ok: false, since: started)
            return JSONCoding.errorReply(
                WireError(.malformedRequest, "body must be one JSON object with a string op"),
                id: nil
            )
        }
        var logger = logger
        logger[metadataKey: "request.id"] = header.id.map { .string($0) }
        logger[metadataKey: "op"] = .string(header.op)
        let context = OpContext(
            requestID: header.id,
            token: header.token,
            idempotencyKey: header.idempotencyKey,
            logger: logger
        )
        let reply: [UInt8]
        let ok: Bool
        if header.op == "ops" {
            (reply, ok) = ((try? JSONCoding.encode(Reply.success(opsReply, id: header.id))) ?? [], true)
        } else if let op = registry.op(named: header.op) {
            (reply, ok) = await run(op, body: body[0], context: context)
        } else {
            (reply, ok) = (
                JSONCoding.errorReply(WireError(.unknownOp, "no op \(header.op)", field: "op"), id: header.id), false
            )
        }
        (metrics[header.op] ?? unknownMetrics).record(ok: ok, since: started)
        logger.debug("request served", metadata: ["ok": "\(ok)"])
        return reply
    }

    private func run(_ op: Op, body: [UInt8], context: OpContext) async -> ([UInt8], Bool) {
        do {
            return (try await op.run(body, context), true)
        } catch let error as any WireErrorConvertible {
            return (JSONCoding.errorReply(error.wireError, id: context.requestID), false)
        } catch let error as DecodingError {
            return (JSONCoding.errorReply(ArgsDecoder.wireError(for: error), id: context.requestID), false)
        } catch {
            context.logger.error("op failed", metadata: ["error": "\(error)"])
            return (JSONCoding.errorReply(WireError(.internal, "internal error"), id: context.requestID), false)
        }
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
