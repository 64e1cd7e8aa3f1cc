import Synchronization
import Tracing
import W3CTraceContext

/// A span of ``OTLPTracer``. A sampled one records what it is told, and on its first `end` hands itself to the export
/// queue: a lock and an append, nothing woken. One that is not sampled only carries its context on.
final class TraceSpan: Tracing.Span {
    let context: ServiceContext
    let isRecording: Bool
    private let identity: (trace: TraceContext, parent: SpanIdentity?)
    private let kind: SpanKind
    private let startNanoseconds: UInt64
    private let queue: SpanQueue
    private let state: Mutex<State>

    private struct State {
        var name: String
        var attributes = SpanAttributes()
        var events: [SpanEvent] = []
        var links: [SpanLink] = []
        var status: SpanStatus?
        var ended = false
    }

    init(
        name: String,
        kind: SpanKind,
        context: ServiceContext,
        trace: TraceContext,
        parent: SpanIdentity?,
        startNanoseconds: UInt64,
        queue: SpanQueue
    ) {
        self.context = context
        self.isRecording = trace.flags.contains(.sampled)
        self.identity = (trace, parent)
        self.kind = kind
        self.startNanoseconds = startNanoseconds
        self.queue = queue
        self.state = Mutex(State(name: name))
    }

    var operationName: String {
        get { state.withLock { $0.name } }
        set { if isRecording { state.withLock { $0.name = newValue } } }
    }

    var attributes: SpanAttributes {
        get { state.withLock { $0.attributes } }
        set { if isRecording { state.withLock { $0.attributes = newValue } } }
    }

    func setStatus(_ status: SpanStatus) {
        // The specification's order: OK is final, and UNSET never replaces a status.
        guard isRecording else { return }
        state.withLock { state in
            if state.status?.code != .ok { state.status = status }
        }
    }

    func addEvent(_ event: SpanEvent) {
        if isRecording { state.withLock { $0.events.append(event) } }
    }

    func recordError<Instant: TracerInstant>(
        _ error: any Error,
        attributes: SpanAttributes,
        at instant: @autoclosure () -> Instant
    ) {
        guard isRecording else { return }
        var attributes = attributes
        attributes["exception.type"] = "\(type(of: error))"
        attributes["exception.message"] = "\(error)"
        addEvent(SpanEvent(name: "exception", at: instant(), attributes: attributes))
    }

    func addLink(_ link: SpanLink) {
        if isRecording { state.withLock { $0.links.append(link) } }
    }

    func end<Instant: TracerInstant>(at instant: @autoclosure () -> Instant) {
        guard isRecording else { return }
        let endNanoseconds = instant().nanosecondsSinceEpoch
        let finished: FinishedSpan? = state.withLock { state in
            guard !state.ended else { return nil }
            state.ended = true
            return FinishedSpan(
                trace: identity.trace,
                parentSpanID: identity.parent?.trace.spanID,
                parentIsRemote: identity.parent?.isRemote ?? false,
                name: state.name,
                kind: kind,
                startNanoseconds: startNanoseconds,
                endNanoseconds: endNanoseconds,
                attributes: state.attributes,
                events: state.events,
                links: state.links,
                status: state.status
            )
        }
        if let finished { queue.append(finished) }
    }
}
