import EnvelopeTracing
import Majordomo
import Tracing
import Wire
import ZeroMQ

/// The gateway's span of each request it routes (issue #41): SERVER, named `gateway SERVICE/OP`, a child of the
/// trace context the request carries (which it passes on unchanged: the worker's span is a sibling, as messaging
/// intermediaries are traced), from the broker's ``Majordomo/RequestEvent``s. It records the time queued before the
/// first dispatch (`reckon.gateway.queued_us`) and the worker that took it (`reckon.gateway.worker`); each later
/// dispatch (sent again after a lost worker, or a second copy) and each loss of a worker as an event; and the
/// gateway's own error reply as its status.
struct GatewaySpans {
    private let tracer: any Tracer
    private var open: [UInt64: Open] = [:]

    private struct Open {
        let span: any Span
        let arrived: ContinuousClock.Instant
        var dispatched = false
    }

    init(tracer: any Tracer) { self.tracer = tracer }

    /// Opens, annotates and ends spans for `events`, which the broker recorded in one call.
    mutating func handle(_ events: [RequestEvent], now: ContinuousClock.Instant) {
        // A request the broker forgets is usually answered in the same call, after it: its span ends with the answer.
        var forgotten: [UInt64] = []
        for event in events {
            switch event {
            case .arrived(let id, let service, let body):
                // A span its trace does not sample records nothing: the gateway forgets it at once.
                let span = start(service: service, body: body)
                if span.isRecording { open[id] = Open(span: span, arrived: now) }
            case .dispatched(let id, let worker, let attempt, let secondCopy):
                guard var request = open[id] else { continue }
                if request.dispatched {
                    let attributes: SpanAttributes = [
                        "reckon.gateway.worker": .string(worker.hex), "reckon.gateway.attempt": .int64(Int64(attempt)),
                    ]
                    request.span.addEvent(
                        SpanEvent(name: secondCopy ? "second copy" : "sent again", attributes: attributes)
                    )
                } else {
                    request.dispatched = true
                    request.span.updateAttributes { attributes in
                        attributes["reckon.gateway.queued_us"] = Int((now - request.arrived) / .microseconds(1))
                        attributes["reckon.gateway.worker"] = worker.hex
                    }
                    open[id] = request
                }
            case .sentAgain(let id):
                open[id]?.span.addEvent("worker lost")
            case .answered(let id, let failure):
                guard let request = open.removeValue(forKey: id) else { continue }
                if let failure {
                    let code = FailureReplies.wireError(for: failure, service: "").code.rawValue
                    EnvelopeTrace.markFailed(request.span, code: code)
                }
                request.span.end()
            case .forgotten(let id):
                forgotten.append(id)
            }
        }
        for id in forgotten {
            guard let request = open.removeValue(forKey: id) else { continue }
            request.span.addEvent("forgotten unanswered")
            request.span.end()
        }
    }

    private func start(service: String, body: ZMQFrames) -> any Span {
        let header =
            body.isEmpty
            ? RequestHeader(op: "")
            : body.withBytes(at: 0) { bytes in
                let traceparent = JSONMemberScan.string(named: "traceparent", in: bytes)
                return RequestHeader(
                    op: JSONMemberScan.string(named: "op", in: bytes) ?? "",
                    traceparent: traceparent,
                    tracestate: traceparent == nil ? nil : JSONMemberScan.string(named: "tracestate", in: bytes)
                )
            }
        return EnvelopeTrace.startSpan(
            "gateway \(service)/\(header.op)",
            of: header,
            service: service,
            kind: .server,
            tracer: tracer
        )
    }
}
