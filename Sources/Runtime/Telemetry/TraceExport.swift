import Logging
import ServiceLifecycle
import Tracing
import W3CTraceContext

/// Trace export over OTLP/HTTP, set by the standard `OTEL_*` variables (``TraceSettings``), for executables only.
///
/// Off unless an OTLP endpoint is named (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) and
/// `OTEL_TRACES_EXPORTER` is not `none`: then nothing is bootstrapped, the tracer stays swift-distributed-tracing's
/// no-op one, and a span costs one check. On, Reckon's own ``OTLPTracer`` is bootstrapped and exports traces only:
/// Reckon's metrics stay Prometheus's and its logs standard error's, which carry the current `trace_id` and `span_id`
/// (``loggingMetadataProvider``).
public enum TraceExport {
    /// Bootstraps the tracer that `settings` describe, after the metrics system (its counters are made here).
    /// - Returns: the exporter's background service, to run in the process's service group.
    static func bootstrap(_ settings: TraceSettings) throws -> any Service {
        let queue = SpanQueue(capacity: settings.maxQueueSize, batchSize: settings.maxExportBatchSize)
        let exporter = try OTLPExporter(settings: settings, queue: queue)
        InstrumentationSystem.bootstrap(OTLPTracer(sampler: settings.sampler, queue: queue))
        return exporter
    }

    /// Adds the current span's `trace_id` and `span_id` to every log line written inside it.
    public static let loggingMetadataProvider = Logger.MetadataProvider {
        guard let trace = ServiceContext.current?.spanIdentity?.trace else { return [:] }
        let traceparent = trace.traceparent.utf8  // 00-TRACEID-SPANID-FLAGS
        return [
            "trace_id": "\(Substring(traceparent.dropFirst(3).prefix(32)))",
            "span_id": "\(Substring(traceparent.dropFirst(36).prefix(16)))",
        ]
    }
}
