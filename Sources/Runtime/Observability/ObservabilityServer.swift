import FlyingFox
import FlyingSocks
import Foundation
import Logging
import Prometheus
import ServiceLifecycle

/// A small HTTP server for a Reckon process: `GET /metrics` (Prometheus text format) and `GET /health` (JSON).
///
/// Run it in the process's `ServiceGroup`; it stops on graceful shutdown.
///
/// ```swift
/// let registry = PrometheusCollectorRegistry()
/// MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
/// let http = ObservabilityServer(configuration: .init(port: 9090), registry: registry, logger: logger)
/// ```
public final class ObservabilityServer: Service, Sendable {
    /// Where the server listens.
    public struct Configuration: Sendable {
        /// - `host` (string, `127.0.0.1`): the IPv4 address to bind (`0.0.0.0` in containers).
        public var host: String
        /// - `port` (int, 0): the TCP port; 0 picks a free one, logged at start.
        public var port: UInt16

        public init(host: String = "127.0.0.1", port: UInt16 = 0) {
            self.host = host
            self.port = port
        }
    }

    private let configuration: Configuration
    private let registry: PrometheusCollectorRegistry
    private let isHealthy: @Sendable () -> Bool
    private let logger: Logger

    /// - Parameter isHealthy: answers `/health`: 200 `{"status":"ok"}` when true, else 503.
    public init(
        configuration: Configuration,
        registry: PrometheusCollectorRegistry,
        logger: Logger,
        isHealthy: @escaping @Sendable () -> Bool = { true }
    ) {
        self.logger = logger
        self.configuration = configuration
        self.registry = registry
        self.isHealthy = isHealthy
    }

    /// Serves until graceful shutdown.
    /// - Throws: `SocketError` when the port cannot be bound.
    public func run() async throws {
        let server = HTTPServer(
            address: try .inet(ip4: configuration.host, port: configuration.port),
            logger: .disabled
        )
        let registry = registry
        let isHealthy = isHealthy
        await server.appendRoute("GET /metrics") { _ in
            HTTPResponse(
                statusCode: .ok,
                headers: [.contentType: "text/plain; version=0.0.4"],
                body: Data(registry.emitToBuffer())
            )
        }
        await server.appendRoute("GET /health") { _ in
            let healthy = isHealthy()
            let body = Data((healthy ? #"{"status":"ok"}"# : #"{"status":"unavailable"}"#).utf8)
            return HTTPResponse(
                statusCode: healthy ? .ok : .serviceUnavailable,
                headers: [.contentType: "application/json"],
                body: body
            )
        }
        do {
            try await cancelWhenGracefulShutdown {
                try await withThrowingDiscardingTaskGroup { group in
                    group.addTask { try await server.run() }
                    try await server.waitUntilListening()
                    let address = await server.listeningAddress.map { "\($0)" } ?? "unknown"
                    self.logger.info("metrics and health listening", metadata: ["http.address": "\(address)"])
                }
            }
        } catch  where Task.isShuttingDownGracefully {
            // Graceful shutdown cancels the server, which then reports its closed socket; that is a normal end.
        }
    }
}
