import ArgumentParser
import Foundation
import HTTPBridge
import Hummingbird
import Logging
import Observability
import ReckonClient
import ServerCommands
import ServiceLifecycle
import UnixSignals
import ZeroMQ

/// `reckon-http`: every op of every service over HTTP/JSON, as a stateless MDP client of one or more gateways.
@main
struct HTTPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reckon-http",
        abstract: "Reckon's HTTP/JSON bridge: every op at /v1/{service}/{op}, the OpenAPI document at /openapi.json."
    )

    /// Every option may also come from the environment (`RECKON_CORS_ORIGIN` for `--cors-origin`).
    static func main() async { await mainWithEnvironment() }

    @Option(help: "Address to listen on (env RECKON_HTTP_HOST).")
    var host = ProcessInfo.processInfo.environment["RECKON_HTTP_HOST"] ?? "127.0.0.1"

    @Option(help: "Port to listen on (env RECKON_HTTP_PORT).")
    var port = ProcessInfo.processInfo.environment["RECKON_HTTP_PORT"].flatMap { Int($0) } ?? 8080

    @Option(help: "Gateway client endpoints, repeated or comma-separated; calls fail over between them.")
    var gateway: [String] = []

    @Option(help: "Origins a browser may call from, repeated or comma-separated; * for any (default: no CORS).")
    var corsOrigin: [String] = []

    @Option(help: "Largest request body in bytes.")
    var maxBodyBytes = 1 << 20

    @Option(help: "Requests per second one caller (token, else address) may sustain; 0 turns the limit off.")
    var callerRate = 100

    @Option(help: "Requests one caller may send at once after being idle.")
    var callerBurst = 200

    @Option(help: "Milliseconds a call waits for its reply unless Request-Timeout asks for less.")
    var timeoutMs = 10_000

    @Option(help: "File with the gateways' Z85 CURVE public key; enables CURVE toward the gateways.")
    var curveServerKeyFile: String?

    @OptionGroup var server: ServerOptions

    func validate() throws {
        guard (1...65_535).contains(port) || port == 0 else { throw ValidationError("--port must be from 0 to 65535") }
        guard maxBodyBytes > 0, timeoutMs > 0, callerRate >= 0, callerBurst > 0 else {
            throw ValidationError("--max-body-bytes, --timeout-ms and --caller-burst must be positive")
        }
    }

    func run() async throws {
        let registry = ProcessBootstrap.bootstrap(
            logLevel: ProcessBootstrap.logLevel(from: ProcessInfo.processInfo.environment)
        )
        let logger = Logger(label: "reckon.http")
        let endpoints = (gateway.isEmpty ? ["tcp://127.0.0.1:5555"] : gateway).flatMap { $0.split(separator: ",") }
        var clientConfiguration = ReckonClient.Configuration(
            endpoints: endpoints.map(String.init),
            timeout: .milliseconds(timeoutMs)
        )
        if let curveServerKeyFile {
            clientConfiguration.curve = (try ServerOptions.readKey(curveServerKeyFile), try CurveKeyPair.generate())
        }
        let bridge = BridgeConfiguration(
            client: clientConfiguration,
            corsOrigins: corsOrigin.flatMap { $0.split(separator: ",").map(String.init) },
            maxBodyBytes: maxBodyBytes,
            rate: .init(perSecond: callerRate, burst: callerBurst)
        )
        let client = try ReckonClient(configuration: bridge.client)
        defer { client.close() }
        let catalog = OpCatalog()
        let application = Application(
            router: BridgeRouter.make(client: client, catalog: catalog, configuration: bridge),
            configuration: .init(address: .hostname(host, port: port), serverName: "reckon-http"),
            services: [
                CatalogRefresher(catalog: catalog, client: client, interval: bridge.catalogRefresh, logger: logger)
            ],
            logger: logger
        )
        let metrics = ObservabilityServer(
            configuration: .init(host: server.metricsHost, port: server.metricsPort),
            registry: registry,
            logger: logger
        )
        let group = ServiceGroup(
            services: [metrics, application],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        try await group.run()
    }
}
