import Foundation
import ReckonClient
import Testing
import Wire

/// `reckon up`, the README's way to run a stack: it starts everything, restarts a crashed worker, and stops all.
@Suite struct UpCommandTests {
    /// Waits until the process has printed a line matching `pattern`, and returns the first capture group.
    private func awaitLine(_ process: ChildProcess, _ pattern: String, after offset: Int = 0) async throws -> String {
        try await awaitFirstLine(process, [pattern], after: offset).capture
    }

    /// Waits until the process has printed a line matching one of `patterns`, or has exited without one: it reads
    /// the output as it grows. Returns which pattern matched first (by position in the output) and its first
    /// capture group. The bound only ends a test whose `reckon up` hangs: it is longer than any wait of `reckon up`
    /// itself (its wait for the services to register ends within a minute, with a line either way).
    private func awaitFirstLine(
        _ process: ChildProcess,
        _ patterns: [String],
        after offset: Int = 0
    ) async throws -> (index: Int, capture: String) {
        let regexes = try patterns.map { try NSRegularExpression(pattern: $0) }
        let giveUp = ContinuousClock.now + .seconds(180)
        while true {
            // Whether it had exited before the output is read, so a line printed just before the exit is seen.
            let exited = !process.isRunning
            let output = String(process.output.dropFirst(offset))
            let range = NSRange(output.startIndex..., in: output)
            let matches = regexes.enumerated().compactMap { index, regex in
                regex.firstMatch(in: output, range: range).map { (index, $0) }
            }
            if let (index, match) = matches.min(by: { $0.1.range.location < $1.1.range.location }) {
                let capture =
                    match.numberOfRanges > 1 ? String(output[Range(match.range(at: 1), in: output)!]) : ""
                return (index, capture)
            }
            if exited {
                let status = await process.waitForExit(timeout: .seconds(60)).map { "\($0)" } ?? "?"
                throw StackError("reckon up exited (status \(status)) before a line matching \(patterns):\n\(output)")
            }
            guard ContinuousClock.now < giveUp else {
                throw StackError("no line matching \(patterns) from reckon up:\n\(process.output)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Waits until the gateway's health lists a live worker of each of `services`. Only for when `reckon up` stopped
    /// waiting for them first.
    private func awaitWorkers(of services: [String], through client: ReckonClient) async throws {
        let giveUp = ContinuousClock.now + .seconds(180)
        var last: JSONValue?
        while ContinuousClock.now < giveUp {
            last = try? await client.call(service: "gateway", op: "health", timeout: .milliseconds(500))
            let live = Set(
                (last?["services"]?.arrayValue ?? []).filter { ($0["workers"]?.cellInt ?? 0) > 0 }
                    .compactMap { $0["name"]?.stringValue }
            )
            if live.isSuperset(of: services) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw StackError("\(services) never all had a worker; last health \(last?.jsonText ?? "none")")
    }

    /// `reckon up` on free ports with a fresh data directory and `arguments` besides: the process, its first
    /// gateway's client endpoint, and the data directory (the caller removes it).
    private func startUp(_ arguments: [String]) throws -> (up: ChildProcess, client: String, dataDirectory: URL) {
        let ports = try FreePorts.take(2)
        let client = "tcp://127.0.0.1:\(ports[0])"
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reckon-up-\(UUID().uuidString)"
        )
        let up = try ChildProcess(
            "reckon",
            [
                "up", "--client-endpoint", client, "--worker-endpoint", "tcp://127.0.0.1:\(ports[1])", "--data-dir",
                dataDirectory.path,
            ] + arguments
        )
        return (up, client, dataDirectory)
    }

    @Test func upSupervisesTheStackAndStopsItOnSigint() async throws {
        let http = try FreePorts.take(1)[0]
        let (up, client, dataDirectory) = try startUp(["--http", "127.0.0.1:\(http)"])
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        defer { up.kill(SIGKILL) }
        let reckon = try ReckonClient(configuration: .init(endpoint: client, timeout: .seconds(25)).recordingReplies())
        defer { reckon.close() }
        // `reckon up` says it is ready once every worker has registered, or gives up saying so after 30 s, its own
        // bound, which a debug stack starting on a loaded machine can outlast; the workers then still register.
        let ready = try await awaitFirstLine(
            up,
            [
                "ready: gateway on .*, HTTP on http://127.0.0.1:\(http)/",
                "warning: not every service registered within",
            ]
        )
        if ready.index == 1 { try await awaitWorkers(of: ["calc", "orders", "ledger"], through: reckon) }
        let firstWorker = try #require(Int32(try await awaitLine(up, #"started reckon-calc \(pid (\d+)\)"#)))
        // Its workers join the gateway over a Unix socket in the data directory, not over loopback TCP.
        let socket = dataDirectory.appendingPathComponent("run/gateway-1.workers").path
        let workerArguments = try String(contentsOfFile: "/proc/\(firstWorker)/cmdline", encoding: .utf8)
        #expect(workerArguments.split(separator: "\0").contains("ipc://" + socket[...]))
        #expect(FileManager.default.fileExists(atPath: socket))

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
        _ = try await awaitLine(up, "reckon-calc exited with status 137; restarting", after: 0)
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

    /// `reckon up --autoscale`: its own worker processes follow the load, and a scale-down under load loses nothing.
    @Test func aBurstStartsASecondCalcWhichIsDrainedUnderATrickleWithEveryReplyRight() async throws {
        let (up, client, dataDirectory) = try startUp([
            "--http", "none", "--autoscale", "calc=1..2/2", "--interval-ms", "200", "--stabilisation-seconds", "2",
        ])
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        defer { up.kill(SIGKILL) }
        let reckon = try ReckonClient(configuration: .init(endpoint: client, timeout: .seconds(60)))
        defer { reckon.close() }
        _ = try await awaitLine(up, "ready: gateway on ")
        // A trickle, one call at a time, runs from here until the second process has drained: every reply right.
        let trickle = Task {
            var (right, wrong) = (0, 0)
            while !Task.isCancelled {
                let value = try? await reckon.call(service: "calc", op: "evaluate", args: ["expression": "6*7"])
                if value?["value"] == "42" { right += 1 } else if !Task.isCancelled { wrong += 1 }
            }
            return (right, wrong)
        }

        // Eight slow expressions at once on the first process's two slots wait in the queue: a second starts. Each
        // costs tens of milliseconds, so the eight stay well inside the gateway's 5-second deadline on a busy machine.
        let slow: JSONValue = ["expression": "factorial(1200) - factorial(1200) + 4"]
        var answered = 0
        while !up.output.contains("autoscale: calc 1 → 2 processes") {
            let values = try await withThrowingTaskGroup(of: JSONValue?.self) { group in
                for _ in 0..<8 { group.addTask { try await reckon.call(service: "calc", op: "evaluate", args: slow) } }
                return try await group.reduce(into: [JSONValue?]()) { $0.append($1) }
            }
            #expect(values.allSatisfy { $0?["value"] == "4" })
            answered += values.count
        }
        _ = try await awaitLine(up, "started reckon-calc-2")
        _ = try await awaitLine(up, "reckon-calc-2 drained and exited with status 0")
        trickle.cancel()
        let (right, wrong) = await trickle.value
        #expect(up.output.contains("autoscale: calc 2 → 1 processes, draining one"))
        #expect(answered >= 8 && right >= 1 && wrong == 0, "\(right) right, \(wrong) wrong")
        up.kill(SIGINT)
        #expect(await up.waitForExit(timeout: .seconds(60)) == 0)
    }
}
