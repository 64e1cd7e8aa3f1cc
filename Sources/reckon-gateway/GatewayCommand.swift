import ArgumentParser
import Foundation
import Gateway
import Logging
import Majordomo
import Observability
import ServerCommands
import ServiceLifecycle
import UnixSignals

/// `reckon-gateway`: the MDP/0.2 broker with its metrics endpoint.
@main
struct GatewayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reckon-gateway",
        abstract: "Reckon's MDP/0.2 gateway: routes client requests to workers."
    )

    @Option(help: "Client endpoint to bind (env RECKON_CLIENT_ENDPOINT).")
    var clientEndpoint = ProcessInfo.processInfo.environment["RECKON_CLIENT_ENDPOINT"] ?? "tcp://127.0.0.1:5555"

    @Option(help: "Worker endpoint to bind (env RECKON_WORKER_ENDPOINT).")
    var workerEndpoint = ProcessInfo.processInfo.environment["RECKON_WORKER_ENDPOINT"] ?? "tcp://127.0.0.1:5556"

    @Option(help: "Default request deadline in milliseconds.")
    var deadlineMs = 5000

    @Option(help: "A service's own deadline, as SERVICE=MILLISECONDS; repeatable.")
    var serviceDeadline: [String] = []

    @Option(help: "Requests one service may queue before new ones get resource_exhausted.")
    var maxQueue = 1024

    @Option(help: "Largest frame accepted, in bytes; a peer sending more is disconnected.")
    var maxMessageBytes: Int64 = 1 << 20

    @Option(help: "Most sub-requests in one batch.")
    var maxBatch = 64

    @Option(help: "File with the gateway's Z85 CURVE secret key; enables CURVE on both sockets.")
    var curveSecretKeyFile: String?

    @OptionGroup var server: ServerOptions

    func validate() throws {
        guard deadlineMs > 0, maxQueue > 0, maxBatch > 0, maxMessageBytes > 0 else {
            throw ValidationError("--deadline-ms, --max-queue, --max-batch and --max-message-bytes must be positive")
        }
        _ = try parsedServiceDeadlines()
    }

    private func parsedServiceDeadlines() throws -> [String: Duration] {
        var deadlines: [String: Duration] = [:]
        for entry in serviceDeadline {
            let parts = entry.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let milliseconds = Int(parts[1]), milliseconds > 0 else {
                throw ValidationError("--service-deadline takes SERVICE=MILLISECONDS, got \(entry)")
            }
            deadlines[String(parts[0])] = .milliseconds(milliseconds)
        }
        return deadlines
    }

    func run() async throws {
        let registry = ProcessBootstrap.bootstrap(
            logLevel: ProcessBootstrap.logLevel(from: ProcessInfo.processInfo.environment)
        )
        let logger = Logger(label: "reckon.gateway")
        let broker = BrokerConfiguration(
            heartbeatInterval: .milliseconds(server.heartbeatMs),
            heartbeatLiveness: server.liveness,
            defaultDeadline: .milliseconds(deadlineMs),
            serviceDeadlines: try parsedServiceDeadlines(),
            maximumQueuedPerService: maxQueue
        )
        let configuration = GatewayConfiguration(
            clientEndpoint: clientEndpoint,
            workerEndpoint: workerEndpoint,
            broker: broker,
            maximumMessageBytes: maxMessageBytes,
            maximumBatchSize: maxBatch,
            curveSecretKey: try curveSecretKeyFile.map(ServerOptions.readKey)
        )
        let gateway = GatewayServer(configuration: configuration, logger: logger)
        let http = ObservabilityServer(
            configuration: .init(host: server.metricsHost, port: server.metricsPort),
            registry: registry,
            logger: logger
        )
        let group = ServiceGroup(
            services: [http, gateway],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        try await group.run()
    }
}
