import Foundation
import ReckonClient
import Testing
import Wire
import ZeroMQ

/// CURVE allow-lists on both gateway sockets, enforced by the gateway's ZAP handler, with keys written by
/// `reckon keygen` and reloaded on SIGHUP.
@Suite struct ZapAllowListEndToEndTests {
    /// A folder of key files and allow-lists for one test.
    private struct Keys {
        let folder: URL
        let gateway: CurveKeyPair
        let client: CurveKeyPair

        init() async throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("reckon-zap-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            client = try CurveKeyPair.generate()
            gateway = try await Self.keygen(folder.appendingPathComponent("gateway"))
        }

        /// Runs `reckon keygen` for `file` and reads the pair back.
        static func keygen(_ file: URL) async throws -> CurveKeyPair {
            let run = try await ReckonCLI.run(["keygen", file.path], config: ReckonCLI.configFolder())
            guard run.status == 0 else { throw StackError("reckon keygen failed: \(run.output)") }
            return CurveKeyPair(
                publicKey: try CurveKey(
                    z85: try String(contentsOf: file.appendingPathExtension("pub"), encoding: .utf8)
                ),
                secretKey: try CurveKey(z85: try String(contentsOf: file, encoding: .utf8))
            )
        }

        /// A worker key pair from `reckon keygen`, and the flags that make a worker use it.
        func worker(_ name: String) async throws -> (pair: CurveKeyPair, flags: [String]) {
            let file = folder.appendingPathComponent(name)
            let flags = ["--curve-server-key-file", path("gateway.pub"), "--curve-secret-key-file", file.path]
            return (try await Self.keygen(file), flags)
        }

        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

        /// Writes the client list (the stack's own client first) and the worker list, `KEY SERVICES` lines.
        func writeLists(clients: [CurveKey] = [], workers: [(CurveKey, String)]) throws {
            let clientLines = ([client.publicKey] + clients).map { "\($0.z85)  # client" }
            try (["# clients"] + clientLines).joined(separator: "\n").write(
                toFile: path("clients.allow"),
                atomically: true,
                encoding: .utf8
            )
            let workerLines = workers.map { "\($0.0.z85)  \($0.1)  # worker" }
            try (["# workers"] + workerLines).joined(separator: "\n").write(
                toFile: path("workers.allow"),
                atomically: true,
                encoding: .utf8
            )
        }

        /// A stack whose gateway enforces both lists; no worker is started.
        func startStack() async throws -> LocalStack {
            try await LocalStack.start(
                workers: [],
                gatewayArguments: [
                    "--curve-secret-key-file", path("gateway"), "--client-allow-list", path("clients.allow"),
                    "--worker-allow-list", path("workers.allow"),
                ],
                client: .init(timeout: .seconds(25), curve: (gateway.publicKey, client))
            )
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    private static func statsReach(_ stack: LocalStack, _ field: String, _ count: Int) async throws {
        try await stack.waitForStats(timeout: .seconds(20)) { ($0[field]?.cellInt ?? 0) >= count }
    }

    @Test func keygenWritesThePrivateKeyReadableByItsOwnerOnly() async throws {
        let keys = try await Keys()
        defer { keys.remove() }
        let attributes = try FileManager.default.attributesOfItem(atPath: keys.path("gateway"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(
            try CurveKey(z85: try String(contentsOfFile: keys.path("gateway.pub"), encoding: .utf8))
                == keys.gateway.publicKey
        )
    }

    @Test func listedClientAndWorkerAreServed() async throws {
        let keys = try await Keys()
        defer { keys.remove() }
        let worker = try await keys.worker("calc-worker")
        try keys.writeLists(workers: [(worker.pair.publicKey, "calc")])
        let stack = try await keys.startStack()
        defer { stack.stop() }
        try stack.startWorker(slots: 1, worker.flags)
        try await stack.waitForWorkers(service: "calc", count: 1)
        #expect(try await stack.call("calc", "ops")["service"] == "calc")
    }

    @Test func unknownAndMissingClientKeysAreRefused() async throws {
        let keys = try await Keys()
        defer { keys.remove() }
        try keys.writeLists(workers: [])
        let stack = try await keys.startStack()
        defer { stack.stop() }

        let unknown = try ReckonClient(
            configuration: .init(
                endpoint: stack.clientEndpoint,
                timeout: .milliseconds(800),
                curve: (keys.gateway.publicKey, try CurveKeyPair.generate())
            )
        )
        defer { unknown.close() }
        let error = await #expect(throws: WireError.self) { try await unknown.call(service: "gateway", op: "ping") }
        #expect(error?.code == .deadlineExceeded)
        try await Self.statsReach(stack, "clientsDenied", 1)

        let plain = try ReckonClient(configuration: .init(endpoint: stack.clientEndpoint, timeout: .milliseconds(800)))
        defer { plain.close() }
        await #expect(throws: WireError.self) { try await plain.call(service: "gateway", op: "ping") }
    }

    @Test func theCommandLineConnectsWithAListedKeyFromItsFile() async throws {
        let keys = try await Keys()
        defer { keys.remove() }
        let listed = try await Keys.keygen(keys.folder.appendingPathComponent("cli"))
        _ = try await Keys.keygen(keys.folder.appendingPathComponent("stranger"))
        try keys.writeLists(clients: [listed.publicKey], workers: [])
        let stack = try await keys.startStack()
        defer { stack.stop() }
        func status(secretKeyFile: String?) async throws -> ReckonCLI.Run {
            let curve =
                ["--curve-server-key-file", keys.path("gateway.pub")]
                + (secretKeyFile.map { ["--curve-secret-key-file", $0] } ?? [])
            let arguments = ["status", "--endpoint", stack.clientEndpoint, "--timeout-ms", "800"] + curve
            return try await ReckonCLI.run(arguments, config: ReckonCLI.configFolder())
        }
        let served = try await status(secretKeyFile: keys.path("cli"))
        #expect(served.status == 0 && served.standardOutput.contains("gateway tcp://"), "\(served.output)")
        for refused in [try await status(secretKeyFile: keys.path("stranger")), try await status(secretKeyFile: nil)] {
            #expect(refused.status == 1 && refused.errors.contains("deadline_exceeded"), "\(refused.output)")
        }
    }

    @Test func workerWithAnUnlistedKeyServesNothing() async throws {
        let keys = try await Keys()
        defer { keys.remove() }
        let listed = try await keys.worker("listed")
        let unlisted = try await keys.worker("unlisted")
        try keys.writeLists(workers: [(listed.pair.publicKey, "calc")])
        let stack = try await keys.startStack()
        defer { stack.stop() }
        try stack.startWorker(slots: 2, unlisted.flags)
        try await Self.statsReach(stack, "workersDenied", 2)
        try await stack.waitForWorkers(service: "calc", count: 0)
    }

    @Test func listedWorkerKeyCannotRegisterAServiceOutsideItsList() async throws {
        let keys = try await Keys()
        defer { keys.remove() }
        let calcOnly = try await keys.worker("calc-only")
        let ledgerOnly = try await keys.worker("ledger-only")
        try keys.writeLists(workers: [(calcOnly.pair.publicKey, "calc"), (ledgerOnly.pair.publicKey, "ledger")])
        let stack = try await keys.startStack()
        defer { stack.stop() }

        let curve = (keys.gateway.publicKey, calcOnly.pair)
        let endpoint = stack.workerEndpoint
        let answer = try await onThread {
            let peer = try RawPeer(.dealer, connect: endpoint, curve: curve)
            try peer.send([bytes("MDPW02"), [0x01], bytes("ledger")])
            return try peer.receive(timeoutMs: 10_000)
        }
        #expect(answer == [bytes("MDPW02"), [0x06]])

        try stack.startWorker(slots: 1, ledgerOnly.flags)
        try await Self.statsReach(stack, "workersForbidden", 2)
        try stack.startWorker(slots: 1, calcOnly.flags)
        try await stack.waitForWorkers(service: "calc", count: 1)
        #expect(try await stack.call("calc", "ops")["service"] == "calc")
        let health = try await stack.client.call(service: "gateway", op: "health")
        #expect(
            health["services"]?.arrayValue?.contains { $0["name"] == "ledger" && $0["workers"]?.cellInt != 0 } == false
        )
    }

    @Test func sighupReloadAdmitsAddedKeysAndPurgesRemovedOnes() async throws {
        let keys = try await Keys()
        defer { keys.remove() }
        let first = try await keys.worker("first")
        let second = try await keys.worker("second")
        try keys.writeLists(workers: [(first.pair.publicKey, "calc")])
        let stack = try await keys.startStack()
        defer { stack.stop() }
        try stack.startWorker(slots: 2, first.flags)
        try await stack.waitForWorkers(service: "calc", count: 2)
        try stack.startWorker(slots: 1, second.flags)
        try await Self.statsReach(stack, "workersDenied", 1)

        try keys.writeLists(workers: [(second.pair.publicKey, "calc")])
        stack.gateway?.kill(SIGHUP)
        // One connection, of capacity 2.
        try await Self.statsReach(stack, "workersRevoked", 1)
        try await stack.waitForWorkers(service: "calc", count: 1)
        #expect(try await stack.call("calc", "ops")["service"] == "calc")

        try "not a key\n".write(toFile: keys.path("workers.allow"), atomically: true, encoding: .utf8)
        stack.gateway?.kill(SIGHUP)
        let stats = try await stack.waitForStats(timeout: .seconds(20)) { $0["allowListReloadFailures"]?.cellInt == 1 }
        #expect(stats["allowListReloads"]?.cellInt == 1)
        try await stack.waitForWorkers(service: "calc", count: 1)
        #expect(stack.gateway?.output.contains("allow-lists not reloaded") == true)
    }
}
