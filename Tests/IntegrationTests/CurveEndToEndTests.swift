import Foundation
import ReckonClient
import Testing
import Wire
import ZeroMQ

/// CURVE encryption and authentication on both gateway sockets, with keys in files as `reckon keygen` writes them.
@Suite struct CurveEndToEndTests {
    private static func writeKeyPair(_ pair: CurveKeyPair, to base: URL) throws {
        try (pair.secretKey.z85 + "\n").write(to: base, atomically: true, encoding: .utf8)
        try (pair.publicKey.z85 + "\n").write(to: base.appendingPathExtension("pub"), atomically: true, encoding: .utf8)
    }

    /// A gateway with CURVE on both sockets, and `workers` calc processes with keys of their own, all in `folder`.
    private static func encryptedStack(in folder: URL, workers: [Int]) async throws -> LocalStack {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let gatewayKeys = try CurveKeyPair.generate()
        let gatewayFile = folder.appendingPathComponent("gateway")
        let workerFile = folder.appendingPathComponent("worker")
        try Self.writeKeyPair(gatewayKeys, to: gatewayFile)
        try Self.writeKeyPair(try CurveKeyPair.generate(), to: workerFile)
        return try await LocalStack.start(
            workers: workers,
            gatewayArguments: ["--curve-secret-key-file", gatewayFile.path],
            workerArguments: [
                "--curve-server-key-file", gatewayFile.path + ".pub", "--curve-secret-key-file", workerFile.path,
            ],
            client: .init(timeout: .seconds(25), curve: (gatewayKeys.publicKey, try CurveKeyPair.generate()))
        )
    }

    private static func scratchFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("reckon-curve-\(UUID().uuidString)")
    }

    @Test func encryptedStackServesClientsThatKnowTheGatewayKey() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stack = try await Self.encryptedStack(in: folder, workers: [1])
        defer { stack.stop() }
        #expect(try await stack.call("calc", "ops")["service"] == "calc")

        let impostor = try ReckonClient(
            configuration: .init(
                endpoint: stack.clientEndpoint,
                timeout: .milliseconds(800),
                curve: (try CurveKeyPair.generate().publicKey, try CurveKeyPair.generate())
            )
        )
        defer { impostor.close() }
        let error = await #expect(throws: WireError.self) { try await impostor.call(service: "calc", op: "ops") }
        #expect(error?.code == .deadlineExceeded)

        let plain = try ReckonClient(configuration: .init(endpoint: stack.clientEndpoint, timeout: .milliseconds(800)))
        defer { plain.close() }
        await #expect(throws: WireError.self) { try await plain.call(service: "calc", op: "ops") }
    }

    /// calc reads a caller's tax profile, and the ledger runs a saved calculation on calc, through the gateway's
    /// client endpoint: over CURVE, with the worker's own keys (plain text would never get through).
    @Test func workersCallingThroughTheClientEndpointUseTheirCurveKeys() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stack = try await Self.encryptedStack(in: folder, workers: [])
        defer { stack.stop() }
        let data = folder.appendingPathComponent("ledger").path
        let cheapHashes = ["--argon2-passes", "1", "--argon2-memory-mib", "1"]
        try stack.startLedgerWorker(["--data-dir", data, "--calc-via", stack.clientEndpoint] + cheapHashes)
        try stack.startWorker(slots: 1, ["--profiles-via", stack.clientEndpoint])
        try await stack.waitForWorkers(service: "ledger", count: 2)
        try await stack.waitForWorkers(service: "calc", count: 1)

        let ana: JSONValue = ["username": "ana", "password": "correct horse battery"]
        _ = try await stack.call("ledger", "auth.signup", ana)
        let token = try #require(try await stack.call("ledger", "auth.login", ana)["token"]?.stringValue)
        let client = stack.client
        let profile: JSONValue = ["income": "85000", "province": "ON"]
        _ = try await client.call(service: "ledger", op: "profile.set", args: profile, token: token)
        let tax = try await client.call(service: "calc", op: "tax.estimate", args: ["year": 2026], token: token)
        #expect(tax["province"] == "ON" && tax["totalIncome"] == "85000.00", "\(tax.jsonText)")
        let saved = try await client.call(
            service: "ledger",
            op: "records.save",
            args: ["title": "Loan", "op": "loan", "args": ["principal": "1000", "ratePercent": "5", "years": 1]],
            token: token
        )
        #expect(saved["recordId"]?.stringValue != nil && saved["result"] != nil, "\(saved.jsonText)")
    }
}
