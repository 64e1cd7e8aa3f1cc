import Testing
import Wire

/// Hedged requests through a real gateway (``BrokerStateMachineHedgingTests`` covers their rules).
@Suite struct HedgingEndToEndTests {
    /// A calc request given to a worker that never answers (``HoldingWorker``, registered first) is sent to the real
    /// worker too once the hedge delay passes (at most 200 ms here, against a 20 s deadline), answered by it, and
    /// counted as a hedge the second copy won.
    @Test func aPureRequestHeldByAFrozenWorkerIsAnsweredByAnother() async throws {
        let stack = try await LocalStack.start(
            workers: [],
            gatewayArguments: ["--hedge-max-ms", "200", "--hedge-max-percent", "100", "--eject-after-deadlines", "0"]
        )
        defer { stack.stop() }
        let frozen = try await stack.holdingWorkerBesideARealOne()
        let reply = try await stack.call("calc", "evaluate", ["expression": "6*7"], idempotencyKey: nil)
        #expect(reply["value"] == "42")
        #expect(frozen.isHolding)
        let stats = try await stack.call("gateway", "stats")
        #expect(stats["hedges"]?.cellInt == 1)
        #expect(stats["hedgesWon"]?.cellInt == 1)
        #expect(stats["deadlineExceeded"]?.cellInt == 0)
        try await frozen.vanish()
    }

    /// A service not listed in `--pure-services` is never hedged: its request stays with the worker that holds it
    /// until its deadline, and the second worker never gets it.
    @Test func aServiceNotListedIsNeverHedged() async throws {
        let stack = try await LocalStack.start(
            workers: [],
            gatewayArguments: [
                "--pure-services", "calc", "--hedge-max-ms", "50", "--hedge-max-percent", "100", "--deadline-ms",
                "1500", "--eject-after-deadlines", "0",
            ]
        )
        defer { stack.stop() }
        let heartbeat = Duration.milliseconds(stack.heartbeatMs)
        let first = HoldingWorker(endpoint: stack.workerEndpoint, service: "orders", heartbeat: heartbeat)
        try await stack.waitForWorkers(service: "orders", count: 1)
        let second = HoldingWorker(endpoint: stack.workerEndpoint, service: "orders", heartbeat: heartbeat)
        try await stack.waitForWorkers(service: "orders", count: 2, idle: 2)
        await #expect(throws: WireError.self) { try await stack.call("orders", "ops", idempotencyKey: nil) }
        #expect(first.isHolding)
        #expect(!second.isHolding)
        let stats = try await stack.call("gateway", "stats")
        #expect(stats["hedges"]?.cellInt == 0)
        try await first.vanish()
        try await second.vanish()
    }
}
