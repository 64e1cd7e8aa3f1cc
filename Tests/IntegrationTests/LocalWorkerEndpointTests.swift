import Foundation
import Testing
import Wire

/// `--local-worker-endpoint`: one worker socket bound on TCP and on a Unix socket, serving workers on both.
@Suite struct LocalWorkerEndpointTests {
    @Test func workersOnTheUnixSocketAndOnTCPServeOneGateway() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rk-\(UUID().uuidString.prefix(8))"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let local = "ipc://" + directory.appendingPathComponent("workers").path
        let stack = try await LocalStack.start(workers: [1], gatewayArguments: ["--local-worker-endpoint", local])
        defer { stack.stop() }
        let onUnixSocket = try ChildProcess(
            "reckon-calc",
            ["--gateway", local, "--slots", "2", "--heartbeat-ms", "\(stack.heartbeatMs)", "--liveness", "4"]
        )
        defer { onUnixSocket.kill(SIGKILL) }
        try await stack.waitForWorkers(service: "calc", count: 3)
        #expect(try await stack.call("calc", "evaluate", ["expression": "6*7"])["value"] == "42")

        // With the TCP worker gone, the Unix-socket worker alone answers.
        stack.processes(named: "reckon-calc").first?.kill(SIGKILL)
        try await stack.waitForWorkers(service: "calc", count: 2)
        for expression in ["1+2", "2^10", "10!"] {
            let value = try await stack.call("calc", "evaluate", ["expression": .string(expression)])["value"]
            #expect(value != nil, "\(expression) unanswered")
        }
        #expect(try await stack.call("calc", "evaluate", ["expression": "2^10"])["value"] == "1024")
    }
}
