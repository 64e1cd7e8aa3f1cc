import Logging
import OTel
import ServiceLifecycle
import Tracing

/// Trace export over OTLP/HTTP, set by the standard `OTEL_*` variables, for executables only (swift-otel is linked
/// nowhere else).
///
/// Off unless an OTLP endpoint is named (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) and
/// `OTEL_TRACES_EXPORTER` is not `none`: then nothing is bootstrapped, the tracer stays swift-distributed-tracing's
/// no-op one, and a span costs one check. On, it exports traces only: Reckon's metrics stay Prometheus's and its logs
/// standard error's, which carry the current `trace_id` and `span_id` (``loggingMetadataProvider``).
public enum TraceExport {
    /// Whether `environment` asks for export.
    public static func isRequested(by environment: [String: String]) -> Bool {
        let named = ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"].contains {
            !(environment[$0] ?? "").isEmpty
        }
        return named && environment["OTEL_TRACES_EXPORTER"]?.lowercased() != "none"
    }

    /// Bootstraps the tracer when `environment` asks for export.
    /// - Parameters:
    ///   - serviceName: the `service.name` unless `OTEL_SERVICE_NAME` names another.
    /// - Returns: the exporter's background service, to run in the process's service group; nil when off.
    /// - Throws: when an `OTEL_*` value cannot be read (swift-otel's configuration error).
    public static func bootstrap(serviceName: String, environment: [String: String]) throws -> (any Service)? {
        guard isRequested(by: environment) else { return nil }
        var configuration = OTel.Configuration.default
        configuration.serviceName = serviceName
        configuration.logs.enabled = false
        configuration.metrics.enabled = false
        configuration.traces.exporter = .otlp
        configuration.traces.otlpExporter.protocol = .httpProtobuf
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        InstrumentationSystem.bootstrap(backend.factory)
        return backend.service
    }

    /// Adds the current span's `trace_id` and `span_id` to every log line written inside it.
    public static let loggingMetadataProvider: Logger.MetadataProvider = OTel.makeLoggingMetadataProvider()
}
