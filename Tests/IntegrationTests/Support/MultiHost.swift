import Foundation
import ReckonClient
import Wire

/// The hosts `scripts/multihost.sh` builds, for one test: two gateway hosts, a database host and two worker hosts,
/// each a network namespace of its own with its own address, and this process the client host. Every process runs
/// with 500 ms heartbeats and liveness 3, and deadlines long enough for debug builds under load.
final class MultiHost: Sendable {
    static let heartbeat = Duration.milliseconds(500)
    static let liveness = 3
    /// Sockets each worker process keeps with each gateway (the script's `MULTIHOST_SLOTS` default).
    static let slots = 2
    /// The services every worker host runs.
    static let services = ["calc", "ledger", "orders"]
    /// The worker hosts.
    static let workerHosts = ["worker-1", "worker-2"]

    /// The gateways' client endpoints, `gw-a` first.
    let endpoints: [String]
    /// The orders workers' staff key.
    let staffKey: String

    private init(endpoints: [String], staffKey: String) {
        self.endpoints = endpoints
        self.staffKey = staffKey
    }

    /// Runs `body` with the hosts up and every worker registered with both gateways; takes the hosts down
    /// afterwards, also when `body` throws.
    /// - Throws: ``StackError`` with the script's output when it fails, and its notice when network namespaces are
    ///   not permitted here (the test fails: it never skips).
    static func with(_ body: (MultiHost) async throws -> Void) async throws {
        let lock = try await MachineLock.acquire()
        defer { lock.release() }
        let staffKey = "multihost-staff-" + UUID().uuidString
        let staffFile = FileManager.default.temporaryDirectory.appendingPathComponent("staff-\(UUID().uuidString)")
        try staffKey.write(to: staffFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: staffFile) }
        var failure: (any Error)?
        do {
            let hosts = try await up(staffFile: staffFile.path, staffKey: staffKey)
            try await hosts.waitForWorkers(perGateway: workerHosts.count * slots)
            try await body(hosts)
        } catch {
            failure = error
        }
        do {
            try await script(["down"])
        } catch {
            failure = failure ?? error
        }
        if let failure { throw failure }
    }

    private static func up(staffFile: String, staffKey: String) async throws -> MultiHost {
        let output = try await script(
            ["up"],
            environment: [
                "RECKON_BIN_DIR": ChildProcess.binDirectory.path, "RECKON_STAFF_KEY_FILE": staffFile,
                "RECKON_HEARTBEAT_MS": "\(Int(heartbeat / .milliseconds(1)))", "RECKON_LIVENESS": "\(liveness)",
                "RECKON_DEADLINE_MS": "20000", "RECKON_REQUEST_TIMEOUT_MS": "15000", "RECKON_ARGON2_PASSES": "1",
                "RECKON_ARGON2_MEMORY_MIB": "1",
            ]
        )
        let prefix = "client endpoints: "
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix(prefix) }) else {
            throw StackError("multihost.sh up named no client endpoints:\n\(output)")
        }
        let endpoints = line.dropFirst(prefix.count).split(separator: ",").map(String.init)
        return MultiHost(endpoints: endpoints, staffKey: staffKey)
    }

    /// Runs `scripts/multihost.sh arguments`; returns what it printed.
    /// - Throws: ``StackError`` with that output when it exits non-zero.
    @discardableResult
    private static func script(_ arguments: [String], environment: [String: String] = [:]) async throws -> String {
        let run = try await RepositoryScript.run("multihost.sh", arguments, environment: environment)
        guard run.status == 0 else {
            throw StackError("multihost.sh \(arguments.joined(separator: " ")) exited \(run.status):\n\(run.output)")
        }
        return run.output
    }

    /// A client of both gateways that uses gateway `first` (0 for `gw-a`, 1 for `gw-b`) until it stops answering.
    func client(preferring first: Int) throws -> ReckonClient {
        try ReckonClient(
            configuration: .init(
                endpoints: Array(endpoints[first...] + endpoints[..<first]),
                timeout: .seconds(60),
                failoverAfter: .seconds(1)
            ).recordingReplies()
        )
    }

    /// Sets `host`'s link down (`ip link set eth0 down` inside it).
    func cut(_ host: String) async throws { try await Self.script(["cut", host]) }

    /// Sets `host`'s link up again.
    func restore(_ host: String) async throws { try await Self.script(["restore", host]) }

    /// Requests `host`'s worker of `service` has answered so far, from its `/metrics`.
    func served(_ host: String, service: String) async throws -> Int {
        let output = try await Self.script(["served", host, service])
        guard let count = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw StackError("multihost.sh served printed \(output)")
        }
        return count
    }

    /// Polls gateway `gateway`'s `health` every 20 ms until every worker service has `count` workers there;
    /// returns the time from `start` to the answer that showed it.
    /// - Throws: ``StackError`` with the last answer after `timeout`.
    @discardableResult
    func waitForWorkers(
        on gateway: Int,
        count: Int,
        since start: ContinuousClock.Instant = .now,
        timeout: Duration = .seconds(30)
    ) async throws -> Duration {
        let client = try ReckonClient(configuration: .init(endpoint: endpoints[gateway]))
        defer { client.close() }
        var last: [String: Int] = [:]
        while ContinuousClock.now - start < timeout {
            if let health = try? await client.call(service: "gateway", op: "health", timeout: .seconds(1)) {
                let services = health["services"]?.arrayValue ?? []
                last = Dictionary(
                    services.compactMap { entry in
                        entry["name"]?.stringValue.map { ($0, entry["workers"]?.cellInt ?? 0) }
                    },
                    uniquingKeysWith: { $1 }
                )
                if Self.services.allSatisfy({ last[$0] == count }) { return ContinuousClock.now - start }
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw StackError("\(endpoints[gateway]) did not reach \(count) workers of each service; last \(last)")
    }

    /// Waits until both gateways count `count` workers of every service.
    func waitForWorkers(perGateway count: Int, timeout: Duration = .seconds(60)) async throws {
        for gateway in endpoints.indices { try await waitForWorkers(on: gateway, count: count, timeout: timeout) }
    }

    /// Each gateway's `stats.workersExpired`: worker connections it dropped for silence, `gw-a` first.
    func expiredWorkers() async throws -> [Int] {
        var counts: [Int] = []
        for gateway in endpoints.indices { counts.append(try await stats(of: gateway)["workersExpired"]?.cellInt ?? 0) }
        return counts
    }

    /// Gateway `gateway`'s `stats`.
    func stats(of gateway: Int) async throws -> JSONValue {
        let client = try ReckonClient(configuration: .init(endpoint: endpoints[gateway]))
        defer { client.close() }
        return try await client.call(service: "gateway", op: "stats")
    }
}

/// One multi-host run per machine: the hosts' names and addresses are fixed, so a second test run (another
/// checkout's) waits here for the first to take its hosts down. The lock is an `flock` on a file, released when the
/// holder closes it or dies, so a crashed run never blocks the next (which removes its leftovers).
private struct MachineLock: Sendable {
    let descriptor: Int32

    static func acquire(timeout: Duration = .seconds(240)) async throws -> MachineLock {
        // O_CLOEXEC: the hosts' processes, started through the script, must not inherit (and so hold) the lock.
        let descriptor = open("/tmp/reckon-multihost.lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StackError("cannot open /tmp/reckon-multihost.lock: errno \(errno)") }
        let deadline = ContinuousClock.now + timeout
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard ContinuousClock.now < deadline else {
                close(descriptor)
                throw StackError("another multi-host run held /tmp/reckon-multihost.lock for \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        return MachineLock(descriptor: descriptor)
    }

    func release() { close(descriptor) }
}
