import ArgumentParser
import Foundation
import Gateway
import Logging
import Majordomo
import Observability
import ServerCommands
import ServiceLifecycle
import UnixSignals
import Telemetry

/// `reckon-gateway`: the MDP/0.2 broker with its metrics endpoint.
@main
struct GatewayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reckon-gateway",
        abstract: "Reckon's MDP/0.2 gateway: routes client requests to workers."
    )

    /// Every option may also come from the environment (`RECKON_MAX_QUEUE` for `--max-queue`).
    static func main() async { await mainWithEnvironment() }

    @Option(help: "Client endpoint to bind (env RECKON_CLIENT_ENDPOINT).")
    var clientEndpoint = ProcessInfo.processInfo.environment["RECKON_CLIENT_ENDPOINT"] ?? "tcp://127.0.0.1:5555"

    @Option(help: "Worker endpoint to bind (env RECKON_WORKER_ENDPOINT).")
    var workerEndpoint = ProcessInfo.processInfo.environment["RECKON_WORKER_ENDPOINT"] ?? "tcp://127.0.0.1:5556"

    @Option(
        help: ArgumentHelp(
            "A second worker endpoint to bind, for workers on this machine.",
            discussion: "An ipc:// path (ipc:///run/reckon/workers, say) costs less per message than loopback TCP."
        )
    )
    var localWorkerEndpoint: String?

    @Option(help: "Default request deadline in milliseconds.")
    var deadlineMs = 5000

    @Option(help: "A service's own deadline, as SERVICE=MILLISECONDS; repeatable.")
    var serviceDeadline: [String] = []

    @Option(
        help: ArgumentHelp(
            "A service that may scale to zero workers; repeatable, or a comma list.",
            discussion: "Known from the start and never forgotten: a request for it with no worker waits in its "
                + "queue (within its deadline) and counts in its load, so a scaler starts a worker."
        )
    )
    var scaleFromZero: [String] = []

    @Option(help: "Requests one service may queue before new ones get resource_exhausted.")
    var maxQueue = 1024

    @Option(
        help: "Most bytes in one message (all frames); larger ones are refused. A frame over 4x this drops the peer."
    )
    var maxMessageBytes = 1 << 20

    @Option(help: "Most frames in one message; messages with more are refused.")
    var maxMessageFrames = 64

    @Option(help: "Messages queued per client and direction (ZMQ_SNDHWM/ZMQ_RCVHWM on the client socket).")
    var clientHwm = 1000

    @Option(help: "Messages queued per worker and direction (ZMQ_SNDHWM/ZMQ_RCVHWM on the worker socket).")
    var workerHwm = 1000

    @Option(
        help: ArgumentHelp(
            "Bytes queued from one peer before the gateway reads them (both sockets).",
            discussion: "The receive high-water mark becomes this over --max-message-bytes when that is lower."
        )
    )
    var peerReceiveBytes = 16 << 20

    @Option(help: "Services that may exist at once; a READY for a new name beyond this is refused.")
    var maxServices = 256

    @Option(help: "Milliseconds a service without workers keeps its queue before its requests get unavailable.")
    var serviceGraceMs = 1000

    @Option(help: "Most sub-requests in one batch.")
    var maxBatch = 64

    @Option(help: "Requests per second one client (routing id) may sustain; 0 means unlimited.")
    var clientRate = 5000.0

    @Option(help: "Requests one client may send at once after being idle (its token bucket's size).")
    var clientBurst = 10_000

    @Option(help: "Requests one client may have queued or in flight; 0 means unlimited.")
    var maxClientPending = 1000

    @Option(
        help: ArgumentHelp(
            "Bytes all requests the gateway holds may take; beyond it requests get resource_exhausted.",
            discussion: "A request counts its body plus 512 bytes, from queued until answered; see docs/performance.md."
        )
    )
    var maxPendingBytes = 32 << 20

    @Option(help: "Bytes one service's queued requests may take; beyond it requests get resource_exhausted.")
    var maxQueueBytes = 16 << 20

    @Option(help: "Bytes one client's queued and in-flight requests may take; 0 means unlimited.")
    var maxClientPendingBytes = 8 << 20

    @Option(help: "Bytes of requests one worker connection may hold; a worker at it gets no more until it answers.")
    var maxWorkerPendingBytes = 8 << 20

    @Option(
        help: ArgumentHelp(
            "Requests in a row a worker may let pass their deadline before it is taken out of rotation; 0 never.",
            discussion: "Only a reply in time resets the count. See docs/api.md, \"Outlier ejection\"."
        )
    )
    var ejectAfterDeadlines = 3

    @Option(help: "Milliseconds a worker's first ejection lasts; the n-th lasts n times as long.")
    var ejectBaseMs = 10_000

    @Option(help: "Milliseconds an ejection lasts at most.")
    var ejectMaxMs = 300_000

    @Option(help: "Percent of a service's workers that may be ejected at once (a lone worker never is).")
    var ejectMaxPercent = 50

    @Option(
        help: ArgumentHelp(
            "Comma-separated services whose ops are all pure: a request held past the hedge delay goes to a second "
                + "worker too, and one whose worker is lost or ejected is sent again once.",
            discussion: "Empty: none. See docs/api.md, \"Hedged requests\"."
        )
    )
    var pureServices = "calc"

    @Option(help: "Milliseconds a hedge delay is at least, whatever the service's recent p99.")
    var hedgeMinMs = 10

    @Option(help: "Milliseconds a hedge delay is at most (and while a service has no reply times yet).")
    var hedgeMaxMs = 1000

    @Option(help: "Hedges as a percent of a service's requests, at most; 0 never hedges.")
    var hedgeMaxPercent = 10

    @Option(help: "File with the gateway's Z85 CURVE secret key; enables CURVE on both sockets.")
    var curveSecretKeyFile: String?

    @Option(
        help: ArgumentHelp(
            "File of client CURVE keys the client socket accepts; needs --curve-secret-key-file (env RECKON_CLIENT_ALLOW_LIST).",
            discussion:
                "One Z85 key per line, then optional limits of its own (rate=, burst=, pending=, pending-bytes=) and "
                + "an optional # comment. Reloaded on SIGHUP; see docs/security.md."
        )
    )
    var clientAllowList: String?

    @Option(
        help: ArgumentHelp(
            "File of worker CURVE keys the worker socket accepts, each with the services it may serve; needs "
                + "--curve-secret-key-file (env RECKON_WORKER_ALLOW_LIST).",
            discussion: "One Z85 key per line, then SERVICE,SERVICE, then an optional # comment. Reloaded on SIGHUP."
        )
    )
    var workerAllowList: String?

    @OptionGroup var server: ServerOptions

    func validate() throws {
        let counts = [deadlineMs, maxQueue, maxBatch, maxMessageBytes, maxMessageFrames, maxServices]
        guard counts.allSatisfy({ $0 > 0 }), serviceGraceMs >= 0 else {
            throw ValidationError(
                "--deadline-ms, --max-queue, --max-batch, --max-message-bytes, --max-message-frames and --max-services"
                    + " must be positive, --service-grace-ms not negative"
            )
        }
        guard (1...Int(Int32.max)).contains(clientHwm), (1...Int(Int32.max)).contains(workerHwm) else {
            throw ValidationError("--client-hwm and --worker-hwm must be from 1 to \(Int32.max)")
        }
        guard clientRate >= 0, clientRate.isFinite, clientBurst > 0, maxClientPending >= 0, maxClientPendingBytes >= 0
        else {
            throw ValidationError(
                "--client-rate, --max-client-pending and --max-client-pending-bytes must not be negative, "
                    + "--client-burst must be positive"
            )
        }
        guard [maxPendingBytes, maxQueueBytes, maxWorkerPendingBytes, peerReceiveBytes].allSatisfy({ $0 > 0 }) else {
            throw ValidationError(
                "--max-pending-bytes, --max-queue-bytes, --max-worker-pending-bytes and --peer-receive-bytes must be"
                    + " positive"
            )
        }
        guard ejectAfterDeadlines >= 0, ejectBaseMs > 0, ejectMaxMs >= ejectBaseMs, (0...100).contains(ejectMaxPercent)
        else {
            throw ValidationError(
                "--eject-after-deadlines must not be negative, --eject-base-ms positive and at most --eject-max-ms, "
                    + "--eject-max-percent from 0 to 100"
            )
        }
        guard hedgeMinMs > 0, hedgeMaxMs >= hedgeMinMs, (0...100).contains(hedgeMaxPercent) else {
            throw ValidationError(
                "--hedge-min-ms must be positive and at most --hedge-max-ms, --hedge-max-percent from 0 to 100"
            )
        }
        _ = try parsedServiceDeadlines()
        try validateAllowLists()
    }

    /// The allow-list flags, else their environment variables.
    private var allowListFiles: AllowListFiles {
        let environment = ProcessInfo.processInfo.environment
        return AllowListFiles(
            clients: clientAllowList ?? environment["RECKON_CLIENT_ALLOW_LIST"],
            workers: workerAllowList ?? environment["RECKON_WORKER_ALLOW_LIST"]
        )
    }

    /// Fails with the file and line of the first bad entry, before anything starts.
    private func validateAllowLists() throws {
        do {
            guard try allowListFiles.load().isEmpty || curveSecretKeyFile != nil else {
                throw AllowListError.curveRequired
            }
        } catch {
            throw ValidationError("\(error)")
        }
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
        let (registry, traceExport) = try ProcessTelemetry.bootstrap(serviceName: "reckon-gateway")
        let logger = Logger(label: "reckon.gateway")
        let broker = BrokerConfiguration(
            heartbeatInterval: .milliseconds(server.heartbeatMs),
            heartbeatLiveness: server.liveness,
            defaultDeadline: .milliseconds(deadlineMs),
            serviceDeadlines: try parsedServiceDeadlines(),
            maximumQueuedPerService: maxQueue,
            maximumServices: maxServices,
            serviceGracePeriod: .milliseconds(serviceGraceMs),
            scaledFromZero: Set(
                scaleFromZero.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
            ),
            clientLimits: ClientLimits(
                rate: clientRate,
                burst: clientBurst,
                maximumPending: maxClientPending,
                maximumPendingBytes: maxClientPendingBytes
            ),
            byteBudgets: ByteBudgets(
                total: maxPendingBytes,
                serviceQueue: maxQueueBytes,
                worker: maxWorkerPendingBytes
            ),
            outlierEjection: OutlierEjection(
                consecutiveDeadlines: ejectAfterDeadlines,
                baseDuration: .milliseconds(ejectBaseMs),
                maximumDuration: .milliseconds(ejectMaxMs),
                maximumPercent: ejectMaxPercent
            ),
            hedging: Hedging(
                services: Set(pureServices.split(separator: ",").map { String($0) }),
                minimumDelay: .milliseconds(hedgeMinMs),
                maximumDelay: .milliseconds(hedgeMaxMs),
                maximumPercent: hedgeMaxPercent
            )
        )
        let configuration = GatewayConfiguration(
            clientEndpoint: clientEndpoint,
            workerEndpoint: workerEndpoint,
            localWorkerEndpoint: localWorkerEndpoint,
            broker: broker,
            maximumMessageBytes: maxMessageBytes,
            maximumMessageFrames: maxMessageFrames,
            clientQueueLimit: clientHwm,
            workerQueueLimit: workerHwm,
            peerReceiveBytes: peerReceiveBytes,
            maximumBatchSize: maxBatch,
            curveSecretKey: try curveSecretKeyFile.map(ServerOptions.readKey),
            allowListFiles: allowListFiles
        )
        AllocatorSettings.apply(largestFrame: configuration.frameCeiling)
        let gateway = GatewayServer(configuration: configuration, logger: logger)
        let http = ObservabilityServer(
            configuration: .init(host: server.metricsHost, port: server.metricsPort),
            registry: registry,
            logger: logger
        )
        let group = ServiceGroup(
            // The exporter stops last, so the spans of the last requests are sent.
            services: [traceExport].compactMap { $0 } + [http, gateway, HangupReload(gateway: gateway)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        try await group.run()
    }
}
