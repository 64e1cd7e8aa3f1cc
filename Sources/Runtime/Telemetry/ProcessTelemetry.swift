import Foundation
import Observability
import Prometheus
import ServiceLifecycle

/// The process-wide set-up of a server executable: logs and metrics (``Observability/ProcessBootstrap``), and trace
/// export when the environment asks for it (``TraceExport``), with each log line carrying its span's ids. Call it once,
/// first thing in `run()`, before anything that reads the tracer (clients, dispatchers, databases).
public enum ProcessTelemetry {
    /// - Parameter serviceName: the `service.name` of the process's spans unless `OTEL_SERVICE_NAME` names another.
    /// - Returns: the registry `/metrics` serves, and the exporter's service (nil when off), to run in the process's
    ///   service group.
    /// - Throws: when an `OTEL_*` value cannot be read.
    public static func bootstrap(
        serviceName: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> (registry: PrometheusCollectorRegistry, traceExport: (any Service)?) {
        let settings = try TraceSettings.from(environment, serviceName: serviceName)
        // Metrics first: the exporter's counters are made with the process's metrics factory.
        let registry = ProcessBootstrap.bootstrap(
            logLevel: ProcessBootstrap.logLevel(from: environment),
            metadataProvider: settings == nil ? nil : TraceExport.loggingMetadataProvider
        )
        return (registry, try settings.map(TraceExport.bootstrap))
    }
}
