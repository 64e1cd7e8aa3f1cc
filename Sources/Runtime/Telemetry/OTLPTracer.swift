import Instrumentation
import Tracing
import W3CTraceContext

/// Reckon's tracer behind swift-distributed-tracing's API: W3C Trace Context in and out (`traceparent`,
/// `tracestate`), the specification's samplers, and sampled spans queued for ``OTLPExporter`` when they end.
///
/// Starting and ending a span runs on the caller's thread and wakes nothing; the exporter collects the queue once a
/// batch is full or its schedule delay has passed (decision 0109).
final class OTLPTracer: Tracer {
    private let sampler: TraceSampler
    private let queue: SpanQueue
    private let ids = SpanIDGenerator()

    init(sampler: TraceSampler, queue: SpanQueue) {
        self.sampler = sampler
        self.queue = queue
    }

    func startSpan<Instant: TracerInstant>(
        _ operationName: String,
        context: @autoclosure () -> ServiceContext,
        ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant,
        function: String,
        file fileID: String,
        line: UInt
    ) -> TraceSpan {
        var context = context()
        let parent = context.spanIdentity
        let traceID = parent?.trace.traceID ?? ids.traceID()
        let sampled = sampler.samples(traceID, parentSampled: parent.map { $0.trace.flags.contains(.sampled) })
        let trace = TraceContext(
            traceID: traceID,
            spanID: ids.spanID(),
            flags: sampled ? .sampled : [],
            state: parent?.trace.state ?? TraceState()
        )
        context.spanIdentity = SpanIdentity(trace: trace, isRemote: false)
        return TraceSpan(
            name: operationName,
            kind: kind,
            context: context,
            trace: trace,
            parent: parent,
            startNanoseconds: sampled ? instant().nanosecondsSinceEpoch : 0,
            queue: queue
        )
    }

    func activeSpan(identifiedBy context: ServiceContext) -> TraceSpan? { nil }

    func forceFlush() { queue.wake() }

    func extract<Carrier, Extract: Extractor>(
        _ carrier: Carrier,
        into context: inout ServiceContext,
        using extractor: Extract
    ) where Extract.Carrier == Carrier {
        guard let traceparent = extractor.extract(key: "traceparent", from: carrier),
            let trace = TraceContext(
                traceparent: traceparent,
                tracestate: extractor.extract(key: "tracestate", from: carrier)
            )
        else { return }
        context.spanIdentity = SpanIdentity(trace: trace, isRemote: true)
    }

    func inject<Carrier, Inject: Injector>(
        _ context: ServiceContext,
        into carrier: inout Carrier,
        using injector: Inject
    ) where Inject.Carrier == Carrier {
        guard let trace = context.spanIdentity?.trace else { return }
        injector.inject(trace.traceparent, forKey: "traceparent", into: &carrier)
        if let tracestate = trace.traceStateHeaderValue {
            injector.inject(tracestate, forKey: "tracestate", into: &carrier)
        }
    }
}
