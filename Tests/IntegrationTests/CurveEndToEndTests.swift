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

    @Test func encryptedStackServesClientsThatKnowTheGatewayKey() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reckon-curve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gatewayKeys = try CurveKeyPair.generate()
        let gatewayFile = folder.appendingPathComponent("gateway")
        let workerFile = folder.appendingPathComponent("worker")
        try Self.writeKeyPair(gatewayKeys, to: gatewayFile)
        try Self.writeKeyPair(try CurveKeyPair.generate(), to: workerFile)

        let stack = try await LocalStack.start(
            workers: [1],
            gatewayArguments: ["--curve-secret-key-file", gatewayFile.path],
            workerArguments: [
                "--curve-server-key-file", gatewayFile.path + ".pub", "--curve-secret-key-file", workerFile.path,
            ],
            client: .init(timeout: .seconds(25), curve: (gatewayKeys.publicKey, try CurveKeyPair.generate()))
        )
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
}
