import ArgumentParser
import Foundation
import WorkerRuntime
import ZeroMQ

/// Options every worker executable shares, beyond ``ServerOptions``.
public struct WorkerOptions: ParsableArguments {
    @Option(
        name: .customLong("gateway"),
        help: ArgumentHelp(
            "A gateway's worker endpoint; repeat it, or give a comma list, for several gateways "
                + "(env RECKON_WORKER_ENDPOINT, a comma list; default tcp://127.0.0.1:5556).",
            discussion: "The worker registers its slots with every gateway, so each can route to it."
        )
    )
    public var gateways: [String] = []

    @Option(
        help: ArgumentHelp(
            "Worker slots per gateway (requests served at once, on one connection); defaults to 4 per CPU for calc, "
                + "2 per CPU for orders and ledger."
        )
    )
    public var slots: Int?

    @Option(help: "Milliseconds a SIGTERM waits for in-flight requests before the worker exits.")
    public var drainTimeoutMs = 10_000

    @Option(help: "Milliseconds an op run as a task may take before it is answered deadline_exceeded and cancelled.")
    public var requestTimeoutMs = 4_000

    @Option(help: "File with the gateway's Z85 CURVE public key; enables CURVE.")
    public var curveServerKeyFile: String?

    @Option(help: "File with this worker's Z85 CURVE secret key (its public key file is FILE.pub).")
    public var curveSecretKeyFile: String?

    public init() {}

    /// The gateways' worker endpoints: the flags, else the environment, else the local default; comma lists split.
    public var gatewayEndpoints: [String] {
        let given = gateways.isEmpty ? [ProcessInfo.processInfo.environment["RECKON_WORKER_ENDPOINT"] ?? ""] : gateways
        var seen = Set<String>()
        let endpoints = given.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
        return endpoints.isEmpty ? ["tcp://127.0.0.1:5556"] : endpoints
    }

    public func validate() throws {
        guard drainTimeoutMs >= 0 else { throw ValidationError("--drain-timeout-ms must not be negative") }
        guard requestTimeoutMs > 0 else { throw ValidationError("--request-timeout-ms must be positive") }
        guard (curveServerKeyFile == nil) == (curveSecretKeyFile == nil) else {
            throw ValidationError("--curve-server-key-file and --curve-secret-key-file go together")
        }
    }

    /// The worker configuration these options describe, with `defaultSlots` unless `--slots` was given.
    /// - Throws: `ValidationError` for unreadable key files or a slot count below 1.
    public func configuration(
        service: String,
        server: ServerOptions,
        defaultSlots: Int = WorkerConfiguration.defaultSlots
    ) throws -> WorkerConfiguration {
        let slots = self.slots ?? defaultSlots
        guard slots > 0 else { throw ValidationError("--slots must be at least 1") }
        var curve: (serverKey: CurveKey, keyPair: CurveKeyPair)?
        if let serverFile = curveServerKeyFile, let secretFile = curveSecretKeyFile {
            let keyPair = CurveKeyPair(
                publicKey: try ServerOptions.readKey(secretFile + ".pub"),
                secretKey: try ServerOptions.readKey(secretFile)
            )
            curve = (try ServerOptions.readKey(serverFile), keyPair)
        }
        return WorkerConfiguration(
            gatewayEndpoints: gatewayEndpoints,
            service: service,
            slots: slots,
            heartbeatInterval: .milliseconds(server.heartbeatMs),
            heartbeatLiveness: server.liveness,
            drainTimeout: .milliseconds(drainTimeoutMs),
            requestTimeout: .milliseconds(requestTimeoutMs),
            curve: curve
        )
    }
}
