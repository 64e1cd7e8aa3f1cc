import ArgumentParser
import Foundation
import HTTPBridge
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import LoopClient
import NIOCore
import NIOPosix
import NIOSSL
import Logging
import Observability
import ReckonClient
import ServerCommands
import ServiceLifecycle
import UnixSignals
import ZeroMQ
import Telemetry

/// `reckon-http`: every op of every service over HTTP/JSON, as a stateless MDP client of one or more gateways.
@main
struct HTTPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reckon-http",
        abstract: "Reckon's HTTP/JSON bridge: every op at /v1/{service}/{op}, the OpenAPI document at /openapi.json."
    )

    /// Every option may also come from the environment (`RECKON_CORS_ORIGIN` for `--cors-origin`).
    ///
    /// Swift concurrency's jobs run on NIO's event loops, the ones the server's connections live on, instead of on
    /// the global pool: a handler's task starts and resumes on a loop, with no hop to a pool thread and back
    /// (issue #36; docs/decisions.md).
    static func main() async {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        await mainWithEnvironment()
    }

    @Option(help: "Address to listen on (0.0.0.0 in containers).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on.")
    var port = 8080

    @Option(help: "Gateway client endpoints, repeated or comma-separated; calls fail over between them.")
    var gateway: [String] = []

    @Option(help: "Origins a browser may call from, repeated or comma-separated; * for any (default: no CORS).")
    var corsOrigin: [String] = []

    @Option(help: "Largest request body in bytes.")
    var maxBodyBytes = 1 << 20

    @Option(help: "Requests per second one caller (signed-in user, else address) may sustain; 0 turns the limit off.")
    var callerRate = 100

    @Option(help: "Requests one caller may send at once after being idle.")
    var callerBurst = 200

    @Option(help: "Milliseconds a call waits for its reply unless Request-Timeout asks for less.")
    var timeoutMs = 10_000

    @Option(help: "Connections held at once; never more than the descriptor limit leaves room for.")
    var maxConnections = 10_000

    @Option(help: "Connections held at once from one client address; past it a connection is closed at once.")
    var maxConnectionsPerAddress = 256

    @Option(help: "Milliseconds a connection may wait before sending its next request.")
    var idleTimeoutMs = 30_000

    @Option(help: "Milliseconds a request's head (request line and headers) may take from its first byte.")
    var headerTimeoutMs = 10_000

    @Option(help: "Milliseconds a request's body may take from the end of its head.")
    var bodyTimeoutMs = 30_000

    @Option(help: "activity.wait calls and activity streams one caller may hold at once; past it 429. 0: no cap.")
    var maxLongPollsPerCaller = 16

    @Option(
        help: ArgumentHelp(
            "A proxy whose Forwarded or X-Forwarded-For header names the client, as an address or CIDR block.",
            discussion: "Repeated or comma-separated. Requests from anywhere else count under their peer address."
        )
    )
    var trustedProxy: [String] = []

    @Option(help: "Host values to answer, repeated or comma-separated: HOST (any port) or HOST:PORT; others get 421.")
    var allowedHost: [String] = []

    @Option(help: "File with the operator's bearer token, which gateway stats needs over HTTP (else not served).")
    var operatorTokenFile: String?

    @Option(help: "File with the gateways' Z85 CURVE public key; enables CURVE toward the gateways.")
    var curveServerKeyFile: String?

    @Option(
        help: ArgumentHelp(
            "File with the bridge's own Z85 CURVE secret key, from reckon keygen (needs --curve-server-key-file).",
            discussion: "List its public key in the gateway's client allow-list to give the bridge limits of its own."
        )
    )
    var curveSecretKeyFile: String?

    @Option(help: "PEM certificate chain; with --tls-key, serves HTTPS directly (else put a TLS proxy in front).")
    var tlsCert: String?

    @Option(help: "PEM private key of --tls-cert.")
    var tlsKey: String?

    @OptionGroup var server: ServerOptions

    func validate() throws {
        guard (1...65_535).contains(port) || port == 0 else { throw ValidationError("--port must be from 0 to 65535") }
        guard maxBodyBytes > 0, timeoutMs > 0, callerRate >= 0, callerBurst > 0 else {
            throw ValidationError("--max-body-bytes, --timeout-ms and --caller-burst must be positive")
        }
        guard maxLongPollsPerCaller >= 0 else { throw ValidationError("--max-long-polls-per-caller must be >= 0") }
        do {
            _ = try trustedProxies()
        } catch let error as InvalidProxy {
            throw ValidationError(error.description)
        }
        guard
            [maxConnections, maxConnectionsPerAddress, idleTimeoutMs, headerTimeoutMs, bodyTimeoutMs].allSatisfy({
                $0 > 0
            })
        else {
            throw ValidationError("the connection caps and timeouts must be positive")
        }
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw ValidationError("give --tls-cert and --tls-key together")
        }
        guard curveSecretKeyFile == nil || curveServerKeyFile != nil else {
            throw ValidationError("--curve-secret-key-file needs --curve-server-key-file")
        }
    }

    /// HTTP/1.1 behind the connection limits, over TLS when a certificate and key are given.
    private func httpServer(
        _ limits: BridgeConfiguration.ConnectionLimits,
        routes: BridgeRoutes
    ) throws
        -> HTTPServerBuilder
    {
        guard let tlsCert, let tlsKey else { return GuardedHTTPServer.builder(limits, routes: routes) }
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(tlsCert).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: tlsKey, format: .pem))
        )
        return GuardedHTTPServer.builder(limits, routes: routes) {
            try TLSChannel($0, tlsConfiguration: configuration)
        }
    }

    /// The `--trusted-proxy` blocks.
    private func trustedProxies() throws -> TrustedProxies {
        try TrustedProxies(parsing: trustedProxy.flatMap { $0.split(separator: ",").map(String.init) })
    }

    /// The operator's token, from `--operator-token-file` (its first line; at least 32 characters).
    private func operatorToken() throws -> String? {
        guard let operatorTokenFile else { return nil }
        let text = try String(contentsOfFile: operatorTokenFile, encoding: .utf8)
        let token = String(text.prefix { !$0.isNewline })
        guard token.count >= 32 else { throw ValidationError("the operator token must be at least 32 characters") }
        return token
    }

    /// The connection limits, with the total cut to what the descriptor limit leaves room for.
    private func connectionLimits(logger: Logger) -> BridgeConfiguration.ConnectionLimits {
        let budget = DescriptorBudget.connections(wanted: maxConnections)
        if budget.connections < maxConnections {
            logger.notice(
                "connections capped below --max-connections to keep descriptors in reserve",
                metadata: ["connections": "\(budget.connections)", "descriptor_limit": "\(budget.limit)"]
            )
        }
        return .init(
            total: budget.connections,
            perAddress: maxConnectionsPerAddress,
            idle: .milliseconds(idleTimeoutMs),
            head: .milliseconds(headerTimeoutMs),
            body: .milliseconds(bodyTimeoutMs)
        )
    }

    func run() async throws {
        let (registry, traceExport) = try ProcessTelemetry.bootstrap(serviceName: "reckon-http")
        let logger = Logger(label: "reckon.http")
        let endpoints = (gateway.isEmpty ? ["tcp://127.0.0.1:5555"] : gateway).flatMap { $0.split(separator: ",") }
        var clientConfiguration = ReckonClient.Configuration(
            endpoints: endpoints.map(String.init),
            timeout: .milliseconds(timeoutMs)
        )
        if let curveServerKeyFile {
            try clientConfiguration.useCurve(serverKeyFile: curveServerKeyFile, secretKeyFile: curveSecretKeyFile)
        }
        let bridge = BridgeConfiguration(
            client: clientConfiguration,
            corsOrigins: corsOrigin.flatMap { $0.split(separator: ",").map(String.init) },
            maxBodyBytes: maxBodyBytes,
            rate: .init(perSecond: callerRate, burst: callerBurst),
            longPollsPerCaller: maxLongPollsPerCaller,
            trustedProxies: try trustedProxies(),
            connections: connectionLimits(logger: logger),
            allowedHosts: allowedHost.flatMap { $0.split(separator: ",").map(String.init) },
            operatorOps: .init(token: try operatorToken())
        )
        let client = try ReckonClient(configuration: bridge.client)
        defer { client.close() }
        // Ops go through connections on the event loops; with CURVE, which that client does not speak, through
        // `client`'s thread.
        let loopClient = bridge.client.curve == nil ? try LoopClient(configuration: bridge.client) : nil
        defer { loopClient?.close() }
        let catalog = OpCatalog()
        let streams = ActivityStreams(client: client, logger: logger)
        let serverName = "reckon-http"
        let routes = BridgeRouter.make(
            client: client,
            opCalls: loopClient,
            catalog: catalog,
            streams: streams,
            configuration: bridge,
            serverName: serverName
        )
        let application = Application(
            router: routes.router,
            server: try httpServer(bridge.connections, routes: routes),
            configuration: .init(address: .hostname(host, port: port), serverName: serverName),
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
            // Shut down in reverse order: the live streams end first, so the server's drain is not held open.
            // The exporter stops last, so the spans of the last requests are sent.
            services: [traceExport].compactMap { $0 } + [metrics, application, streams],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        try await group.run()
    }
}
