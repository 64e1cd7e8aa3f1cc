import Majordomo
import Testing

/// The load signals `health` gives a scaler: busy slots, arrivals and queue waits over the sliding window.
@Suite struct BrokerStateMachineLoadWindowTests {
    @Test func aRequestThatWaitedForASlotIsMeasuredFromItsArrivalToItsDispatch() throws {
        var harness = BrokerHarness()
        _ = harness.ready("w1", capacity: 1)
        _ = harness.request("c1", body: "a")
        _ = harness.request("c2", body: "b", at: .milliseconds(2))
        let health = try #require(harness.health("calc"))
        #expect(health.busy == 1 && health.queued == 1 && health.arrivals == 2)
        #expect(health.queueWaitP50Micros == 0, "the first went to the idle slot at once")

        _ = harness.final("w1", request: 1, body: "r", at: .milliseconds(32))
        let after = try #require(harness.health("calc"))
        #expect(after.busy == 1 && after.queued == 0)
        let waited = 30_000  // from 2 ms to 32 ms
        let p90 = try #require(after.queueWaitP90Micros)
        #expect(p90 >= waited && p90 <= waited * 9 / 8 + 1, "at most one bucket (12.5 %) over, never under")
        #expect(after.queueWaitP50Micros == 0, "of two waits, the median is the shorter")
    }

    @Test func theWindowForgetsWhatIsOlderThanItsSeconds() throws {
        var harness = BrokerHarness()
        _ = harness.ready("w1", capacity: 4)
        for index in 0..<3 { _ = harness.request("c\(index)", body: "x", at: .milliseconds(100 * index)) }
        #expect(harness.health("calc")?.arrivals == 3)
        _ = harness.heartbeat("w1", at: .seconds(5))
        _ = harness.tick(at: .seconds(5))
        #expect(harness.health("calc")?.arrivals == 3, "five seconds on, still in the window")
        _ = harness.request("late", body: "x", at: .seconds(9))
        _ = harness.heartbeat("w1", at: .milliseconds(10_500))
        _ = harness.tick(at: .milliseconds(10_500))
        let health = try #require(harness.health("calc"))
        #expect(health.arrivals == 1, "the first second's three have left the window")
        #expect(health.busy == 4)
        #expect(BrokerStateMachine.loadWindowSeconds == 10)
    }

    @Test func noDispatchInTheWindowMeansNoWaitFigure() throws {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        let health = try #require(harness.health("calc"))
        #expect(health.arrivals == 0 && health.busy == 0)
        #expect(health.queueWaitP50Micros == nil && health.queueWaitP90Micros == nil)
    }
}

/// A service that may scale to zero: known with no worker, its requests wait and count in its load.
@Suite struct BrokerStateMachineScaleFromZeroTests {
    @Test func aRequestForAServiceWithNoWorkerYetWaitsAndCountsUntilOneRegisters() throws {
        var harness = BrokerHarness(BrokerConfiguration(serviceGracePeriod: .seconds(1), scaledFromZero: ["calc"]))
        #expect(harness.load("calc") == Load(0, 0, 0), "listed from the start, with no worker")
        _ = harness.tick(at: .seconds(2))
        #expect(harness.request("c1", body: "a", at: .seconds(2)) == [], "it waits, past the grace period")
        let waiting = try #require(harness.health("calc"))
        #expect(waiting.queued == 1 && waiting.arrivals == 1 && waiting.workers == 0)
        #expect(
            harness.request("c2", service: "orders", body: "b", at: .seconds(2)) == [
                failure("c2", .noWorkers, service: "orders", body: "b")
            ],
            "any other service is answered at once as before"
        )
        #expect(
            harness.ready("w1", at: .milliseconds(2_300)) == [workerRequest("w1", id: 1, body: "a")],
            "the first worker takes it"
        )
        let p90 = try #require(harness.health("calc")?.queueWaitP90Micros)
        #expect(p90 >= 300_000 && p90 <= 300_000 * 9 / 8 + 1, "its wait is the cold start")
        _ = harness.disconnect("w1", at: .seconds(3))
        _ = harness.tick(at: .seconds(9))
        #expect(harness.health("calc") != nil, "never forgotten")
    }
}
