import Foundation
import ReckonClient
import Testing
import Wire

/// `reckon up`, the README's way to run a stack: it starts everything, restarts a crashed worker, and stops all.
@Suite struct UpCommandTests {
    /// Waits until the process has printed a line matching `pattern`, and returns the first capture group.
    private func awaitLine(_ process: ChildProcess, _ pattern: String, after offset: Int = 0) async throws -> String {
        let regex = try NSRegularExpression(pattern: pattern)
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let output = String(process.output.dropFirst(offset))
            let range = NSRange(output.startIndex..., in: output)
            if let match = regex.firstMatch(in: output, range: range) {
                return match.numberOfRanges > 1 ? String(output[Range(match.range(at: 1), in: output)!]) : ""
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw StackError("no line matching \(pattern) from reckon up:\n\(process.output)")
    }

    @Test func upSupervisesTheStackAndStopsItOnSigint() async throws {
        let ports = try FreePorts.take(3)
        let client = "tcp://127.0.0.1:\(ports[0])"
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reckon-up-\(UUID().uuidString)"
        )
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let up = try ChildProcess(
            "reckon",
            [
                "up", "--client-endpoint", client, "--worker-endpoint", "tcp://127.0.0.1:\(ports[1])", "--data-dir",
                dataDirectory.path, "--http", "127.0.0.1:\(ports[2])",
            ]
        )
        defer { up.kill(SIGKILL) }
        _ = try await awaitLine(up, "ready: gateway on .*, HTTP on http://127.0.0.1:\(ports[2])/")
        let firstWorker = try #require(Int32(try await awaitLine(up, #"started reckon-calc \(pid (\d+)\)"#)))
        // Its workers join the gateway over a Unix socket in the data directory, not over loopback TCP.
        let socket = dataDirectory.appendingPathComponent("run/gateway-1.workers").path
        let workerArguments = try String(contentsOfFile: "/proc/\(firstWorker)/cmdline", encoding: .utf8)
        #expect(workerArguments.split(separator: "\0").contains("ipc://" + socket[...]))
        #expect(FileManager.default.fileExists(atPath: socket))

        let reckon = try ReckonClient(configuration: .init(endpoint: client, timeout: .seconds(25)).recordingReplies())
        defer { reckon.close() }
        #expect(
            try await reckon.call(service: "calc", op: "convert", args: ["value": "1", "from": "m", "to": "cm"])[
                "value"
            ] == "100"
        )
        // The orders worker runs too, with its state in SQLite under the data directory.
        let cart = try await reckon.call(service: "orders", op: "cart.create")
        #expect(cart["cartId"]?.stringValue?.hasPrefix("cart_") == true)
        #expect(
            FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("data/orders.sqlite").path)
        )
        let staffKey = try #require(
            try? String(contentsOf: dataDirectory.appendingPathComponent("staff-key"), encoding: .utf8)
        )
        #expect(staffKey.count == 65)

        let restartedAt = up.output.count
        kill(firstWorker, SIGKILL)
        _ = try await awaitLine(up, "reckon-calc exited with status 9; restarting", after: 0)
        let secondWorker = try #require(
            Int32(try await awaitLine(up, #"started reckon-calc \(pid (\d+)\)"#, after: restartedAt))
        )
        #expect(secondWorker != firstWorker)

        up.kill(SIGINT)
        #expect(await up.waitForExit(timeout: .seconds(60)) == 0)
        #expect(kill(secondWorker, 0) != 0, "the worker outlived reckon up")
        #expect(
            FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("logs/reckon-gateway.log").path)
        )
    }
}
