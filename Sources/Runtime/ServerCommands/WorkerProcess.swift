import Logging
import Observability
import Prometheus
import ServiceLifecycle
import UnixSignals
import WorkerRuntime

/// The body of every worker executable: the worker engine and its metrics endpoint in one `ServiceGroup`.
public enum WorkerProcess {
    /// Runs until SIGTERM or SIGINT, then drains.
    /// - Parameters:
    ///   - services: services the worker depends on (a database pool, timers), started before it and stopped after.
    ///   - prepare: runs before the worker registers with the gateway (migrations, say), while `services` run.
    /// - Throws: what the worker, `prepare` or the HTTP server throws (a bad endpoint, a taken port).
    public static func run(
        configuration: WorkerConfiguration,
        ops: OpRegistry,
        server: ServerOptions,
        registry: PrometheusCollectorRegistry,
        logger: Logger,
        services: [any Service] = [],
        prepare: @escaping @Sendable () async throws -> Void = {}
    ) async throws {
        let service = WorkerService(configuration: configuration, registry: ops, logger: logger)
        let worker = ClosureService {
            try await prepare()
            try await service.run()
        }
        let http = ObservabilityServer(
            configuration: .init(host: server.metricsHost, port: server.metricsPort),
            registry: registry,
            logger: logger
        )
        let group = ServiceGroup(
            configuration: .init(
                // Shutdown runs in reverse order: the worker drains first, then its dependencies and metrics stop.
                services: ([http] + services + [worker]).map { .init(service: $0) },
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        try await group.run()
    }
}
