import Instrumentation
import Logging
import Testing
import Tracing
import W3CTraceContext

@testable import Telemetry

@Suite struct OTLPTracerTests {
    private struct Fields: Extractor, Injector {
        func extract(key: String, from carrier: [String: String]) -> String? { carrier[key] }
        func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) { carrier[key] = value }
    }

    private static func fields(of context: ServiceContext, _ tracer: OTLPTracer) -> [String: String] {
        var fields: [String: String] = [:]
        tracer.inject(context, into: &fields, using: Fields())
        return fields
    }

    @Test func aChildSharesItsParentsTraceAndIsQueuedWithItsParentWhenItEnds() throws {
        let queue = SpanQueue(capacity: 8, batchSize: 8)
        let tracer = OTLPTracer(sampler: .standard, queue: queue)
        let root = tracer.startSpan("root", context: .topLevel, ofKind: .server)
        let child = tracer.startSpan("child", context: root.context, ofKind: .client)
        child.attributes["db.system.name"] = "sqlite"
        child.setStatus(SpanStatus(code: .error, message: "broken"))
        child.end()
        child.end()  // a second end is ignored
        root.end()
        let spans = queue.take().spans
        try #require(spans.count == 2)
        let (ended, parent) = (spans[0], spans[1])
        #expect(ended.name == "child" && ended.kind == .client && parent.parentSpanID == nil)
        #expect(ended.trace.traceID == parent.trace.traceID && ended.parentSpanID == parent.trace.spanID)
        #expect(ended.attributes["db.system.name"]?.toSpanAttribute() == .string("sqlite"))
        #expect(ended.status?.message == "broken" && ended.startNanoseconds <= ended.endNanoseconds)
    }

    @Test func continuesACallersContextAndPassesItsOwnOn() throws {
        let queue = SpanQueue(capacity: 8, batchSize: 8)
        let tracer = OTLPTracer(sampler: .standard, queue: queue)
        let caller = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
        var context = ServiceContext.topLevel
        tracer.extract(["traceparent": caller, "tracestate": "reckon=test"], into: &context, using: Fields())
        #expect(Self.fields(of: context, tracer) == ["traceparent": caller, "tracestate": "reckon=test"])

        let span = tracer.startSpan("op", context: context, ofKind: .consumer)
        let passedOn = try #require(Self.fields(of: span.context, tracer)["traceparent"])
        #expect(passedOn.hasPrefix("00-0af7651916cd43dd8448eb211c80319c-") && passedOn.hasSuffix("-01"))
        #expect(!passedOn.contains("b7ad6b7169203331"))
        span.end()
        let ended = try #require(queue.take().spans.first)
        #expect(ended.parentSpanID?.description == "b7ad6b7169203331" && ended.parentIsRemote)
        #expect(ended.trace.traceStateHeaderValue == "reckon=test")

        #expect(span.context.spanIdentity.map { $0.trace.traceparent == $0.trace.traceParentHeaderValue } == true)

        var unreadable = ServiceContext.topLevel
        tracer.extract(["traceparent": "00-zz-01"], into: &unreadable, using: Fields())
        #expect(unreadable.spanIdentity == nil)
    }

    @Test func aSpanACallerChoseNotToSampleRecordsNothingAndSaysSoDownstream() throws {
        let queue = SpanQueue(capacity: 8, batchSize: 8)
        let tracer = OTLPTracer(sampler: .standard, queue: queue)
        var context = ServiceContext.topLevel
        tracer.extract(
            ["traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00"],
            into: &context,
            using: Fields()
        )
        let span = tracer.startSpan("op", context: context, ofKind: .consumer)
        span.attributes["reckon.op"] = "evaluate"
        span.end()
        #expect(!span.isRecording && span.attributes.isEmpty && queue.isEmpty)
        #expect(Self.fields(of: span.context, tracer)["traceparent"]?.hasSuffix("-00") == true)
    }

    @Test func aFullQueueDropsAndCountsAndAFullBatchWakesTheExporter() async {
        let queue = SpanQueue(capacity: 3, batchSize: 2)
        let tracer = OTLPTracer(sampler: .alwaysOn, queue: queue)
        let waiting = Task { await queue.wait(atMost: .seconds(3_600)) }
        for _ in 0..<5 { tracer.startSpan("s", context: .topLevel, ofKind: .internal).end() }
        await waiting.value  // returns on the second span, an hour early
        let first = queue.take()
        #expect(first.spans.count == 2 && first.dropped == 2)
        #expect(queue.take().spans.count == 1 && queue.isEmpty)
    }

    @Test func logLinesInsideASpanCarryItsIDs() throws {
        let tracer = OTLPTracer(sampler: .alwaysOn, queue: SpanQueue(capacity: 1, batchSize: 1))
        let span = tracer.startSpan("op", context: .topLevel, ofKind: .internal)
        let metadata = ServiceContext.$current.withValue(span.context) { TraceExport.loggingMetadataProvider.get() }
        let trace = try #require(span.context.spanIdentity?.trace)
        #expect(metadata["trace_id"] == "\(trace.traceID)" && metadata["span_id"] == "\(trace.spanID)")
        #expect(metadata.count == 2 && TraceExport.loggingMetadataProvider.get().isEmpty)
    }

    @Test func readsATraceparentAsW3CTraceContextSaysAndRefusesTheRest() throws {
        let valid = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
        let read = try #require(TraceContext(traceparent: valid, tracestate: "a=1,b=2"))
        #expect(read.traceparent == valid && read.traceStateHeaderValue == "a=1, b=2")
        #expect(
            read.flags.contains(.sampled) && TraceContext(traceparent: valid, tracestate: nil)?.state.isEmpty == true
        )
        let refused = [
            "00-0AF7651916CD43DD8448EB211C80319C-B7AD6B7169203331-01",  // uppercase
            "00-00000000000000000000000000000000-b7ad6b7169203331-01",  // a trace id of zeros
            "00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01",  // a span id of zeros
            "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-0",  // short
            "00_0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
            "ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",  // a version that may not be
            "",
        ]
        for text in refused { #expect(TraceContext(traceparent: text, tracestate: nil) == nil, "\(text)") }
        // A later version may add fields after the flags: its first four are read.
        let later = try #require(TraceContext(traceparent: "01-" + valid.dropFirst(3) + "-more", tracestate: nil))
        #expect(later.traceID == read.traceID && later.spanID == read.spanID)
    }

    @Test func aClosedQueueEndsEveryWaitAtOnce() async {
        let queue = SpanQueue(capacity: 4, batchSize: 4)
        let waiting = Task { await queue.wait(atMost: .seconds(3_600)) }
        queue.close()
        await waiting.value  // an hour early
        await queue.wait(atMost: .seconds(3_600))  // closed before it began: returns at once
    }
}
