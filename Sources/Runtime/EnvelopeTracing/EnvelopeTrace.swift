import Instrumentation
import Tracing
import Wire

/// W3C Trace Context in Reckon's request envelope: `traceparent` and `tracestate` beside `op` and `id` (API.md,
/// "Tracing"), read and written by the process's instrument (the W3C propagation of Reckon's tracer once an
/// executable bootstraps it; nothing otherwise).
public enum EnvelopeTrace {
    /// The process's tracer, or nil while it is swift-distributed-tracing's no-op one (export off): components read it
    /// once, as they are made, so a request pays nothing for tracing when it is off.
    public static var tracer: (any Tracer)? {
        let tracer = InstrumentationSystem.tracer
        return tracer is NoOpTracer ? nil : tracer
    }

    /// The trace context `header` carries, under the task's current one (a new trace when it carries none, or one
    /// the instrument cannot read).
    public static func context(of header: RequestHeader) -> ServiceContext {
        var context = ServiceContext.current ?? .topLevel
        if header.traceparent != nil {
            InstrumentationSystem.instrument.extract(header, into: &context, using: HeaderExtractor())
        }
        return context
    }

    /// Starts the span of the request `header` heads, for `service`, continuing the context it carries, with
    /// `reckon.service` and `reckon.op`.
    public static func startSpan(
        _ name: String,
        of header: RequestHeader,
        service: String,
        kind: SpanKind,
        tracer: any Tracer
    ) -> any Span {
        let span = tracer.startAnySpan(name, context: context(of: header), ofKind: kind)
        if span.isRecording {
            span.updateAttributes { attributes in
                attributes["reckon.service"] = service
                attributes["reckon.op"] = header.op
            }
        }
        return span
    }

    /// Marks `span` failed with the wire error `code`: its status, and `reckon.error.code`.
    public static func markFailed(_ span: any Span, code: String) {
        guard span.isRecording else { return }
        span.attributes["reckon.error.code"] = code
        span.setStatus(SpanStatus(code: .error, message: code))
    }

    /// `context`'s `traceparent` and `tracestate`, as the instrument writes them; nil members when it holds no span.
    public static func fields(of context: ServiceContext) -> (traceparent: String?, tracestate: String?) {
        var fields = Fields()
        InstrumentationSystem.instrument.inject(context, into: &fields, using: FieldsInjector())
        return (fields.traceparent, fields.tracestate)
    }
}

private struct HeaderExtractor: Extractor {
    func extract(key: String, from carrier: RequestHeader) -> String? {
        switch key {
        case "traceparent": carrier.traceparent
        case "tracestate": carrier.tracestate
        default: nil
        }
    }
}

private struct Fields {
    var traceparent: String?
    var tracestate: String?
}

private struct FieldsInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout Fields) {
        switch key {
        case "traceparent": carrier.traceparent = value
        case "tracestate": carrier.tracestate = value
        default: break
        }
    }
}
