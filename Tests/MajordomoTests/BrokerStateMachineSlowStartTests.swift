import Majordomo
import Testing

/// Slow start (``IdleSlots``): a worker that has not yet answered a request gets one only when no proven worker is
/// free, and holds one at most while a proven worker serves the service; a request of a pure service whose worker is
/// lost is sent once to another worker, a proven one first.
@Suite struct BrokerStateMachineSlowStartTests {
    /// calc is pure (``Hedging/services``) but never hedged (0 %); heartbeats are 10 s apart, so no worker expires.
    private func harness(pure: Set<String> = ["calc"]) -> BrokerHarness {
        let hedging = Hedging(services: pure, maximumPercent: 0)
        return BrokerHarness(BrokerConfiguration(heartbeatInterval: .seconds(10), hedging: hedging))
    }

    @Test func aProvenWorkerIsPreferredToOneFreedEarlierThatNeverAnswered() {
        var harness = harness()
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        // Neither is proven: the least recently freed, w1, takes the first request, answers and is proven.
        #expect(harness.request("c1", body: "a") == [workerRequest("w1", id: 1, body: "a")])
        _ = harness.final("w1", request: 1, body: "r")
        // w2 has been free longer, but w1 has answered.
        #expect(harness.request("c1", body: "b") == [workerRequest("w1", id: 2, body: "b")])
        // With w1 busy, w2 gets the next one.
        #expect(harness.request("c1", body: "c") == [workerRequest("w2", id: 3, body: "c")])
        #expect(harness.load("calc") == Load(2, 0, 0))
    }

    @Test func anUnprovenWorkerHoldsOneRequestWhileAProvenOneServesTheService() {
        var harness = harness()
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        _ = harness.final("w1", request: 1, body: "r")
        _ = harness.ready("w2", capacity: 3)
        #expect(harness.request("c1", body: "b") == [workerRequest("w1", id: 2, body: "b")])
        // w1 is busy: w2 takes one request, and only one, whatever its READY claimed.
        #expect(harness.request("c1", body: "c") == [workerRequest("w2", id: 3, body: "c")])
        #expect(harness.request("c1", body: "d") == [])
        #expect(harness.load("calc") == Load(4, 0, 1))
        // Its first reply proves it: all its free slots are back, and d goes to it.
        #expect(
            harness.final("w2", request: 3, body: "rc") == [
                clientFinal("c1", body: "rc"), workerRequest("w2", id: 4, body: "d"),
            ]
        )
        #expect(harness.load("calc") == Load(4, 2, 0))
    }

    @Test func aLateReplyDoesNotProveAWorker() {
        var harness = BrokerHarness(
            BrokerConfiguration(heartbeatInterval: .seconds(10), defaultDeadline: .milliseconds(100))
        )
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.request("c1", body: "a")
        _ = harness.tick(at: .milliseconds(200))
        // w1's FINAL comes after the deadline answered c1: w1 is not proven, so w2 (freed earlier) comes first.
        _ = harness.final("w1", request: 1, body: "late", at: .milliseconds(300))
        #expect(harness.request("c1", body: "b", at: .milliseconds(300)) == [workerRequest("w2", id: 2, body: "b")])
    }

    /// w1, w2 and w3 are registered; w1 answered request 1 and holds b (2), w2 holds c (3) of client c2.
    private func provenWorkerBusyBesideTwoUnproven() -> BrokerHarness {
        var harness = harness()
        for worker in ["w1", "w2", "w3"] { _ = harness.ready(worker) }
        _ = harness.request("c1", body: "a")
        _ = harness.final("w1", request: 1, body: "r")
        _ = harness.request("c1", body: "b")
        _ = harness.request("c2", body: "c")
        return harness
    }

    @Test func aPureRequestWhoseWorkerIsLostGoesOnceToAProvenWorker() {
        var harness = provenWorkerBusyBesideTwoUnproven()
        // w1 is free again when w2 vanishes: c goes to it, though w3 is free too.
        _ = harness.final("w1", request: 2, body: "rb")
        #expect(harness.disconnect("w2") == [workerRequest("w1", id: 3, body: "c")])
        #expect(harness.broker.counters.redispatched == 1)
        #expect(harness.broker.counters.workersLost == 0)
        #expect(harness.final("w1", request: 3, body: "rc") == [clientFinal("c2", body: "rc")])
    }

    @Test func aRequestSentAgainWaitsForAProvenWorkerRatherThanTakeAnUnprovenOne() {
        var harness = provenWorkerBusyBesideTwoUnproven()
        // w2 vanishes while w1 is busy: c waits for w1, not w3.
        #expect(harness.disconnect("w2") == [])
        #expect(harness.load("calc") == Load(2, 1, 1))
        #expect(
            harness.final("w1", request: 2, body: "rb") == [
                clientFinal("c1", body: "rb"), workerRequest("w1", id: 3, body: "c"),
            ]
        )
    }

    @Test func withoutAProvenWorkerARequestSentAgainTakesAnyWorker() {
        var harness = harness()
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.request("c1", body: "a")
        #expect(harness.disconnect("w1") == [workerRequest("w2", id: 1, body: "a")])
    }

    @Test func aRequestOfAServiceNotPureWhoseWorkerIsLostIsAnsweredAtOnce() {
        var harness = harness(pure: [])
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.request("c1", body: "a")
        #expect(harness.disconnect("w1") == [failure("c1", .workerLost, body: "a")])
        #expect(harness.broker.counters.redispatched == 0)
    }
}
