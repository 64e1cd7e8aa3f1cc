import Foundation
import ReckonClient
import Wire
import ZeroMQ

/// A real Reckon stack for one test: `reckon-gateway` and workers as processes on free loopback ports.
///
/// Heartbeats run at 250 ms with liveness 4 unless a test asks for more, so a dead peer is noticed within a second.
final class LocalStack: Sendable {
    let clientEndpoint: String
    let workerEndpoint: String
    let heartbeatMs = 250
    let liveness: Int
    private let gatewayArguments: [String]
    private let workerArguments: [String]
    private let processes = ProcessList()
    let client: ReckonClient

    private init(
        liveness: Int,
        extraGatewayArguments: [String],
        extraWorkerArguments: [String],
        client: ReckonClient.Configuration
    ) throws {
        self.liveness = liveness
        let ports = try FreePorts.take(2)
        clientEndpoint = "tcp://127.0.0.1:\(ports[0])"
        workerEndpoint = "tcp://127.0.0.1:\(ports[1])"
        gatewayArguments =
            [
                "--client-endpoint", clientEndpoint, "--worker-endpoint", workerEndpoint,
                "--heartbeat-ms", "\(heartbeatMs)", "--liveness", "\(liveness)", "--deadline-ms",
                "\(Self.deadlineMs)",
            ] + extraGatewayArguments
        workerArguments = ["--request-timeout-ms", "\(Self.deadlineMs * 3 / 4)"] + extraWorkerArguments
        var clientConfiguration = client
        clientConfiguration.endpoints = [clientEndpoint]
        self.client = try ReckonClient(configuration: clientConfiguration.recordingReplies())
    }

    /// The gateway's default deadline in tests (a worker's own limit is three quarters of it). Generous, because the
    /// suite runs debug builds many stacks at a time on two cores, where an op that takes 80 ms in a release build
    /// (`compoundInterest`) can take seconds; tests of deadlines pass their own, and the last flag given wins.
    static let deadlineMs = 20_000

    /// Starts a gateway and, for each entry of `workers`, one worker process with that many slots.
    /// - Parameters:
    ///   - workers: slot counts of the `reckon-calc` processes to start.
    ///   - liveness: heartbeats (250 ms each) a peer may miss before it counts as dead, for gateway and workers.
    ///   - gatewayArguments: more flags for the gateway (`--deadline-ms`, `--max-message-bytes`, ...).
    ///   - workerArguments: more flags for every worker.
    ///   - client: the stack's client settings; its endpoint is replaced by the gateway's.
    static func start(
        workers: [Int] = [2],
        liveness: Int = 4,
        gatewayArguments: [String] = [],
        workerArguments: [String] = [],
        client: ReckonClient.Configuration = .init(timeout: .seconds(25))
    ) async throws -> LocalStack {
        let stack = try LocalStack(
            liveness: liveness,
            extraGatewayArguments: gatewayArguments,
            extraWorkerArguments: workerArguments,
            client: client
        )
        try stack.startGateway()
        for slots in workers { try stack.startWorker(slots: slots) }
        try await stack.waitForWorkers(service: "calc", count: workers.reduce(0, +))
        return stack
    }

    /// Starts (or restarts) the gateway.
    @discardableResult
    func startGateway() throws -> ChildProcess {
        processes.add(try ChildProcess("reckon-gateway", gatewayArguments), role: .gateway)
    }

    /// Starts one `reckon-calc` process, with `extra` flags.
    @discardableResult
    func startWorker(slots: Int = 2, _ extra: [String] = []) throws -> ChildProcess {
        let arguments = [
            "--gateway", workerEndpoint, "--rates-file", Self.sampleRatesFile, "--slots", "\(slots)", "--heartbeat-ms",
            "\(heartbeatMs)", "--liveness", "\(liveness)",
        ]
        return processes.add(try ChildProcess("reckon-calc", arguments + extra + workerArguments), role: .worker)
    }

    /// Starts one `reckon-orders` process with `arguments` (its database flags, say).
    @discardableResult
    func startOrdersWorker(slots: Int = 2, _ arguments: [String]) throws -> ChildProcess {
        try startStatefulWorker("reckon-orders", slots: slots, arguments)
    }

    /// Starts one `reckon-ledger` process with `arguments` (its database flags, say).
    @discardableResult
    func startLedgerWorker(slots: Int = 2, _ arguments: [String]) throws -> ChildProcess {
        try startStatefulWorker("reckon-ledger", slots: slots, arguments)
    }

    private func startStatefulWorker(_ name: String, slots: Int, _ arguments: [String]) throws -> ChildProcess {
        let common = [
            "--gateway", workerEndpoint, "--slots", "\(slots)", "--heartbeat-ms", "\(heartbeatMs)", "--liveness",
            "\(liveness)",
        ]
        return processes.add(try ChildProcess(name, common + arguments + workerArguments), role: .worker)
    }

    /// The repository's root folder.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The illustrative ECB rates file shipped in `config/`, so `currency` and `rates` have a table.
    static let sampleRatesFile = repositoryRoot.appendingPathComponent("config/ecb-rates-sample.xml").path

    /// The current gateway process.
    var gateway: ChildProcess? { processes.gateway }

    /// The processes started from the executable `name`, oldest first.
    func processes(named name: String) -> [ChildProcess] { processes.named(name) }

    /// Waits until the gateway reports `count` live workers for `service`, and `idle` of them idle when given.
    func waitForWorkers(
        service: String,
        count: Int,
        idle: Int? = nil,
        timeout: Duration = .seconds(60)
    ) async throws {
        let wanted = "\(service) reaching \(count) workers" + (idle.map { " (\($0) idle)" } ?? "")
        _ = try await waitForGateway("health", timeout: timeout, for: wanted) { health in
            let entry = health["services"]?.arrayValue?.first { $0["name"]?.stringValue == service }
            let idleMatches = idle.map { (entry?["idle"]?.cellInt ?? 0) == $0 } ?? true
            return (entry?["workers"]?.cellInt ?? 0) == count && idleMatches
        }
    }

    /// Waits until the gateway reports `depth` requests queued for `service`.
    func waitForQueue(service: String, depth: Int, timeout: Duration = .seconds(60)) async throws {
        _ = try await waitForGateway("health", timeout: timeout, for: "\(service) queueing \(depth)") { health in
            let entry = health["services"]?.arrayValue?.first { $0["name"]?.stringValue == service }
            return entry?["queued"]?.cellInt == depth
        }
    }

    /// Polls `gateway stats` until `condition` holds; returns the stats that satisfied it.
    @discardableResult
    func waitForStats(timeout: Duration = .seconds(60), _ condition: (JSONValue) -> Bool) async throws -> JSONValue {
        try await waitForGateway("stats", timeout: timeout, for: "stats to match", condition)
    }

    /// Polls the gateway's `op` until its result satisfies `condition`; returns that result.
    /// - Throws: ``StackError`` naming `wanted`, with the last result and every process's output, after `timeout`.
    private func waitForGateway(
        _ op: String,
        timeout: Duration,
        for wanted: String,
        _ condition: (JSONValue) -> Bool
    ) async throws -> JSONValue {
        let deadline = ContinuousClock.now + timeout
        var last: JSONValue?
        while ContinuousClock.now < deadline {
            last = try? await client.call(service: "gateway", op: op, timeout: .milliseconds(500))
            if let last, condition(last) { return last }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw StackError("gave up waiting for \(wanted); last \(op) \(last?.jsonText ?? "none")\n\(processes.logs)")
    }

    /// Calls an op through the gateway.
    func call(
        _ service: String,
        _ op: String,
        _ args: JSONValue = [:],
        idempotencyKey: String? = UUID().uuidString
    ) async throws -> JSONValue {
        try await client.call(service: service, op: op, args: args, idempotencyKey: idempotencyKey)
    }

    /// Stops every process (SIGKILL: tests that need a graceful stop send SIGTERM themselves).
    func stop() {
        client.close()
        processes.killAll()
    }

    /// Every process's output, for failure messages.
    var logs: String { processes.logs }
}

/// Runs `body` against a fresh stack (gateway and one `reckon-calc`), stopping it afterwards even when `body` throws.
func withLocalStack(_ body: (LocalStack) async throws -> Void) async throws {
    let stack = try await LocalStack.start()
    defer { stack.stop() }
    try await body(stack)
}

/// The processes of a stack, safe to touch from any task.
private final class ProcessList: @unchecked Sendable {
    // @unchecked: all state is guarded by `lock`.
    enum Role { case gateway, worker }
    private let lock = NSLock()
    private var entries: [(ChildProcess, Role)] = []

    func add(_ process: ChildProcess, role: Role) -> ChildProcess {
        lock.withLock { entries.append((process, role)) }
        return process
    }

    var gateway: ChildProcess? { lock.withLock { entries.last { $0.1 == .gateway }?.0 } }

    func named(_ name: String) -> [ChildProcess] { lock.withLock { entries.map(\.0).filter { $0.name == name } } }

    func killAll() { lock.withLock { entries.forEach { $0.0.kill(SIGKILL) } } }

    var logs: String {
        lock.withLock { entries.map { "--- \($0.0.name) (pid \($0.0.pid))\n\($0.0.output)" }.joined(separator: "\n") }
    }
}

extension JSONValue {
    /// The integer value of a JSON number, if it is one.
    var cellInt: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }
}
