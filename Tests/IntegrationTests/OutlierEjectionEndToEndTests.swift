import Testing
import Wire

/// Outlier ejection through a real gateway (``BrokerStateMachineOutlierEjectionTests`` covers its rules).
@Suite struct OutlierEjectionEndToEndTests {
    /// A worker that heartbeats but never answers (``HoldingWorker``, registered first, so it gets the first request)
    /// lets that request pass its deadline, is ejected at once with `--eject-after-deadlines 1`, logged and counted,
    /// and the real worker serves what follows. The deadline (5 s) is one a real worker meets with both cores busy:
    /// at 500 ms, a clean clone's run saw the real worker miss it too, and be ejected in turn.
    @Test func workerThatNeverAnswersIsEjectedLoggedAndCounted() async throws {
        let stack = try await LocalStack.start(
            workers: [],
            gatewayArguments: ["--deadline-ms", "5000", "--eject-after-deadlines", "1"]
        )
        defer { stack.stop() }
        let blackHole = try await stack.holdingWorkerBesideARealOne()
        await #expect(throws: WireError.self) { try await stack.call("calc", "ops", idempotencyKey: nil) }
        try await blackHole.waitUntilHolding(timeout: .seconds(60))
        let stats = try await stack.call("gateway", "stats")
        #expect(stats["workersEjected"]?.cellInt == 1)
        #expect(stack.gateway?.output.contains("worker_ejected") == true)
        for _ in 0..<3 { #expect(try await stack.call("calc", "ops")["service"] == "calc") }
        try await blackHole.vanish()
    }
}
