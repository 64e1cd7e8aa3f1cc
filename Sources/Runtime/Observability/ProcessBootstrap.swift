import Logging
import Metrics
import Prometheus

/// Process-wide logging and metrics set-up, for executables only: call it once, first thing in `main`.
public enum ProcessBootstrap {
    /// Sends logs to standard error at `logLevel`, formatted and written in batches off the callers' threads
    /// (``LogWriter``), and metrics to a new Prometheus registry.
    /// - Parameter metadataProvider: adds metadata from the task's context to every line (the current span's).
    /// - Returns: the registry that `/metrics` serves.
    public static func bootstrap(
        logLevel: Logger.Level,
        metadataProvider: Logger.MetadataProvider? = nil
    ) -> PrometheusCollectorRegistry {
        LoggingSystem.bootstrap(
            { label, provider in BatchedLogHandler(label: label, logLevel: logLevel, metadataProvider: provider) },
            metadataProvider: metadataProvider
        )
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }

    /// The level named by `LOG_LEVEL` (`trace` … `critical`), `info` when unset or unknown.
    public static func logLevel(from environment: [String: String]) -> Logger.Level {
        environment["LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .info
    }
}
