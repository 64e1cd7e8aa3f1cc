import Tracing
import W3CTraceContext

/// A span that has ended, as it waits to be exported.
struct FinishedSpan: Sendable {
    var trace: TraceContext
    var parentSpanID: SpanID?
    var parentIsRemote: Bool
    var name: String
    var kind: SpanKind
    var startNanoseconds: UInt64
    var endNanoseconds: UInt64
    var attributes: SpanAttributes
    var events: [SpanEvent]
    var links: [SpanLink]
    var status: SpanStatus?
}
