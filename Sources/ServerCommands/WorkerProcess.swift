import Logging
import Observability
import Prometheus
import ServiceLifecycle
import UnixSignals
import WorkerRuntime

/// The body of every worker executable: the worker engine and its metrics endpoint in one `ServiceGroup`.
public enum WorkerProcess {
    /// Runs until SIGTERM or SIGINT, then drains.
    /// - Throws: what the worker or the HTTP server throws (a bad endpoint, a taken port).
    public static func run(
        configuration: WorkerConfiguration,
        ops: OpRegistry,
        server: ServerOptions,
        registry: PrometheusCollectorRegistry,
        logger: Logger
    ) async throws {
        let worker = WorkerService(configuration: configuration, registry: ops, logger: logger)
        let http = ObservabilityServer(
            configuration: .init(host: server.metricsHost, port: server.metricsPort),
            registry: registry,
            logger: logger
        )
        let group = ServiceGroup(
            configuration: .init(
                // Shutdown runs in reverse order: the worker drains first, metrics stay up until it has.
                services: [.init(service: http), .init(service: worker)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        try await group.run()
    }
}
