import ArgumentParser
import Foundation
import GatewayAPI
import ReckonClient
import Wire

/// `reckon up`: the gateway and one process of every worker, on loopback, supervised, until Ctrl-C.
struct UpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "up",
        abstract: "Run the gateway and every worker locally; restart crashed ones; Ctrl-C stops all.",
        discussion: "Several stacks can run side by side with their own endpoints and --data-dir."
    )

    /// The worker executables `reckon up` starts when they exist beside `reckon`.
    static let workerNames = ["reckon-calc", "reckon-orders", "reckon-ledger"]

    @Option(help: "Client endpoint for the gateway (env RECKON_CLIENT_ENDPOINT).")
    var clientEndpoint = ProcessInfo.processInfo.environment["RECKON_CLIENT_ENDPOINT"] ?? "tcp://127.0.0.1:5555"

    @Option(help: "Worker endpoint for the gateway (env RECKON_WORKER_ENDPOINT).")
    var workerEndpoint = ProcessInfo.processInfo.environment["RECKON_WORKER_ENDPOINT"] ?? "tcp://127.0.0.1:5556"

    @Option(
        help: ArgumentHelp(
            "How many gateways to run (1 to 9).",
            discussion: "Gateway i (from 0) listens on the client and worker ports plus 2i; every worker registers "
                + "with all of them, so clients given every client endpoint fail over between them."
        )
    )
    var gateways = 1

    @Option(help: "Where reckon-http listens, HOST:PORT; none leaves it out (env RECKON_HTTP_ADDRESS).")
    var http = ProcessInfo.processInfo.environment["RECKON_HTTP_ADDRESS"] ?? "127.0.0.1:8080"

    @Option(help: "Folder for data and logs.")
    var dataDir = ".reckon"

    @Option(help: "Folder holding the reckon-* executables; defaults to the one holding reckon.")
    var binDir: String?

    @Option(
        help: ArgumentHelp(
            "Workers to scale with the load: SERVICE=MIN..MAX[/SLOTS], repeatable or a comma list.",
            discussion: "e.g. calc=1..6,ledger=1..3: MIN processes start, more as requests wait, and the newest is "
                + "drained once the need has stayed below for the stabilisation window; a MIN of 0 lets the "
                + "gateways hold the service's requests until a process starts (docs/deploy.md, \"Scaling\")."
        )
    )
    var autoscale: [String] = []

    @OptionGroup var autoscalePolicy: AutoscalePolicyOptions

    func validate() throws {
        guard (1...9).contains(gateways) else { throw ValidationError("--gateways must be 1 to 9") }
        _ = try httpAddress()
        let scaled = try scaleSpecs()
        _ = try autoscalePolicy.policies(for: scaled)
        let unknown = Set(scaled.map(\.service)).subtracting(Self.workerNames.map { $0.dropFirst(7) }.map(String.init))
        guard unknown.isEmpty else { throw ValidationError("--autoscale: no worker serves \(unknown.sorted())") }
    }

    /// `--autoscale`'s specs.
    private func scaleSpecs() throws -> [ScaleSpec] {
        try autoscale.flatMap { $0.split(separator: ",") }.map { text in
            guard let spec = ScaleSpec(argument: String(text)) else {
                throw ValidationError("--autoscale takes SERVICE=MIN..MAX[/SLOTS], got \(text)")
            }
            return spec
        }
    }

    func run() async throws {
        let bin =
            binDir
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
        let logs = URL(fileURLWithPath: dataDir).appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let endpoints = try (0..<gateways).map { index in
            (
                client: try Self.endpoint(clientEndpoint, plus: 2 * index),
                worker: try Self.endpoint(workerEndpoint, plus: 2 * index)
            )
        }
        let localEndpoints = try (0..<gateways).map { try localWorkerEndpoint(gateway: $0) }
        let scaled = Dictionary(uniqueKeysWithValues: try scaleSpecs().map { ("reckon-\($0.service)", $0) })
        let fromZero = scaled.values.filter { $0.minimum == 0 }.map(\.service).sorted()
        let gatewaySpecs = endpoints.enumerated().map { index, pair in
            ChildSpec(
                name: index == 0 ? "reckon-gateway" : "reckon-gateway-\(index + 1)",
                path: "\(bin)/reckon-gateway",
                arguments: ["--client-endpoint", pair.client, "--worker-endpoint", pair.worker]
                    + (localEndpoints[index].map { ["--local-worker-endpoint", $0] } ?? [])
                    + (fromZero.isEmpty ? [] : ["--scale-from-zero", fromZero.joined(separator: ",")])
            )
        }
        // The workers take the way that costs least: the local endpoint where there is one.
        let workerEndpoints = zip(endpoints, localEndpoints).map { pair, local in local ?? pair.worker }
        let state = try stateArguments(clientEndpoints: endpoints.map(\.client))
        let workers = Self.workerNames
            .filter { FileManager.default.isExecutableFile(atPath: "\(bin)/\($0)") }
            .map {
                ChildSpec(
                    name: $0,
                    path: "\(bin)/\($0)",
                    arguments: workerEndpoints.flatMap { ["--gateway", $0] } + (state[$0] ?? [])
                        + (scaled[$0].map { ["--slots", String($0.slotsPerProcess)] } ?? [])
                )
            }
        guard FileManager.default.isExecutableFile(atPath: "\(bin)/reckon-gateway") else {
            throw ValidationError("no reckon-gateway in \(bin); build first (swift build) or pass --bin-dir")
        }
        let bridge = try httpAddress().flatMap { address -> ChildSpec? in
            guard FileManager.default.isExecutableFile(atPath: "\(bin)/reckon-http") else { return nil }
            let gatewayArguments = endpoints.flatMap { ["--gateway", $0.client] }
            return ChildSpec(
                name: "reckon-http",
                path: "\(bin)/reckon-http",
                arguments: ["--host", address.host, "--port", String(address.port)] + gatewayArguments
                    + Self.allowedHosts(address)
            )
        }
        // A scaled worker starts as many processes as its minimum (none for 0), the others one each.
        let first = workers.filter { scaled[$0.name].map { $0.minimum > 0 } ?? true }
        let supervisor = Supervisor(children: gatewaySpecs + first + (bridge.map { [$0] } ?? []), logDirectory: logs)
        let actuator = await localActuator(workers: workers, scaled: scaled, supervisor: supervisor)
        let clientEndpoints = endpoints.map(\.client)
        let loop =
            scaled.isEmpty
            ? nil : try autoscalePolicy.loop(Array(scaled.values), endpoints: clientEndpoints, actuator: actuator)
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask {
                await reportReady(
                    services: workers.map { String($0.name.dropFirst("reckon-".count)) },
                    clientEndpoints: endpoints.map(\.client),
                    http: bridge == nil ? nil : try? httpAddress()
                )
            }
            if var loop {
                group.addTask {
                    await loop.run()
                    loop.close()
                }
            }
            try await supervisor.run()
            group.cancelAll()
        }
    }

    /// Where the stateful workers keep their state: SQLite files in `DATA_DIR/data`, and the orders staff key in
    /// `DATA_DIR/staff-key` (made on first start, mode 0600); calc asks the ledger for profiles, and the ledger runs
    /// saved calculations on calc, through the gateways.
    private func stateArguments(clientEndpoints: [String]) throws -> [String: [String]] {
        let data = URL(fileURLWithPath: dataDir).appendingPathComponent("data").path
        return [
            "reckon-orders": ["--data-dir", data, "--staff-key-file", try StaffKeyFile.ensure(in: dataDir)],
            "reckon-ledger": ["--data-dir", data, "--calc-via", clientEndpoints.joined(separator: ",")],
            "reckon-calc": ["--profiles-via", clientEndpoints.joined(separator: ",")],
        ]
    }

    /// Gateway `gateway`'s endpoint for the workers `reckon up` starts: a Unix socket in `DATA_DIR/run` (the folder
    /// is made here), which costs less per message than loopback TCP (docs/performance.md); `nil` when the path is
    /// too long for one (108 bytes), so they use the TCP endpoint. The TCP endpoint stays open for workers started by
    /// hand.
    private func localWorkerEndpoint(gateway: Int) throws -> String? {
        let run = URL(fileURLWithPath: dataDir).standardizedFileURL.appendingPathComponent("run")
        let path = run.appendingPathComponent("gateway-\(gateway + 1).workers").path
        guard path.utf8.count < 108 else { return nil }
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        return "ipc://" + path
    }

    /// The bridge's `--allowed-host`: the address it was given, and `localhost` beside a loopback one; none for a
    /// wildcard address, whose names cannot be known.
    static func allowedHosts(_ address: (host: String, port: Int)) -> [String] {
        guard !["0.0.0.0", "::", "[::]"].contains(address.host) else { return [] }
        let loopback = address.host == "127.0.0.1" || address.host == "::1" || address.host == "localhost"
        let names = [address.host] + (loopback ? ["localhost", "127.0.0.1", "[::1]"] : [])
        let bracketed = names.map { $0.contains(":") && !$0.hasPrefix("[") ? "[\($0)]" : $0 }
        return Array(Set(bracketed)).sorted().flatMap { ["--allowed-host", "\($0):\(address.port)"] }
    }

    /// `--http` as a host and port; `nil` for `none`.
    /// - Throws: `ValidationError` for anything but `none` or `HOST:PORT`.
    private func httpAddress() throws -> (host: String, port: Int)? {
        guard http != "none" else { return nil }
        guard let colon = http.lastIndex(of: ":"), let port = Int(http[http.index(after: colon)...]),
            (0...65535).contains(port), colon != http.startIndex
        else {
            throw ValidationError("--http takes HOST:PORT or none, got \(http)")
        }
        return (String(http[..<colon]), port)
    }

    /// `endpoint` (`tcp://HOST:PORT`) with its port moved up by `offset`.
    /// - Throws: `ValidationError` for an endpoint without a numeric port.
    static func endpoint(_ endpoint: String, plus offset: Int) throws -> String {
        guard offset > 0 else { return endpoint }
        guard let colon = endpoint.lastIndex(of: ":"), let port = Int(endpoint[endpoint.index(after: colon)...]),
            port + offset <= 65535
        else {
            throw ValidationError("\(endpoint) has no port to count further gateways from")
        }
        return endpoint[..<colon] + ":\(port + offset)"
    }

    /// Prints the first gateway's status, and where reckon-http listens, once every worker service has registered
    /// with it (or after 30 s).
    private func reportReady(
        services: [String],
        clientEndpoints: [String],
        http: (host: String, port: Int)?
    ) async {
        guard
            let client = try? ReckonClient(configuration: .init(endpoint: clientEndpoint, timeout: .milliseconds(500)))
        else {
            return
        }
        defer { client.close() }
        for _ in 0..<60 {
            if let health = try? await client.call(HealthOp.self, NoArgs()),
                case let names = health.services.map(\.name), Set(services).isSubset(of: names)
            {
                let place =
                    clientEndpoints.count == 1
                    ? "gateway on \(clientEndpoint)" : "gateways on \(clientEndpoints.joined(separator: ","))"
                let web = http.map { ", HTTP on http://\($0.host):\($0.port)/" } ?? ""
                say("ready: \(place)\(web), services \(names.joined(separator: ", ")). Ctrl-C stops.")
                return
            }
            try? await Task.sleep(for: .milliseconds(500))
        }
        say("warning: not every service registered within 30 s; see \(dataDir)/logs")
    }
}
