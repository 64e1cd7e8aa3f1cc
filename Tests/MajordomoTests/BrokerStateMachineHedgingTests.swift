import Majordomo
import Testing

/// Hedged requests (``Hedging``): a request of a pure service held past the hedge delay goes to a second worker, the
/// first reply wins, the other is dropped, and hedges stay within their share.
@Suite struct BrokerStateMachineHedgingTests {
    /// calc hedges after its p99 bounded to 10...100 ms (100 ms until a reply is timed), up to `percent` of its
    /// requests; heartbeats are 10 s apart, so no worker expires.
    private func harness(percent: Int = 100) -> BrokerHarness {
        let hedging = Hedging(
            services: ["calc"],
            minimumDelay: .milliseconds(10),
            maximumDelay: .milliseconds(100),
            maximumPercent: percent
        )
        return BrokerHarness(BrokerConfiguration(heartbeatInterval: .seconds(10), hedging: hedging))
    }

    @Test func aRequestHeldPastTheDelayGoesToASecondWorkerWhoseReplyWins() {
        var harness = harness()
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        #expect(harness.request("c1", body: "a") == [workerRequest("w1", id: 1, body: "a")])
        #expect(harness.broker.nextHedge == harness.start + .milliseconds(100))
        #expect(harness.hedge(at: .milliseconds(99)) == [])
        #expect(harness.hedge(at: .milliseconds(100)) == [workerRequest("w2", id: 1, body: "a")])
        #expect(harness.broker.counters.hedges == 1)
        #expect(harness.final("w2", request: 1, body: "r", at: .milliseconds(150)) == [clientFinal("c1", body: "r")])
        #expect(harness.broker.counters.hedgesWon == 1)
        // w1 still holds it; its late reply is dropped and frees it.
        #expect(harness.broker.pendingCount == 1)
        #expect(harness.final("w1", request: 1, body: "late", at: .milliseconds(200)) == [])
        #expect(harness.broker.pendingCount == 0)
        #expect(harness.load("calc") == Load(2, 2, 0))
        #expect(harness.broker.counters.replies == 1)
    }

    @Test func theFirstWorkersReplyWinsOverItsHedge() {
        var harness = harness()
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.request("c1", body: "a")
        _ = harness.hedge(at: .milliseconds(100))
        #expect(harness.final("w1", request: 1, body: "r", at: .milliseconds(120)) == [clientFinal("c1", body: "r")])
        #expect(harness.final("w2", request: 1, body: "r", at: .milliseconds(130)) == [])
        #expect(harness.broker.counters.hedges == 1)
        #expect(harness.broker.counters.hedgesWon == 0)
        #expect(harness.load("calc") == Load(2, 2, 0))
    }

    @Test func aServiceNotListedIsNeverHedged() {
        var harness = harness()
        _ = harness.ready("w1", service: "orders")
        _ = harness.ready("w2", service: "orders")
        #expect(harness.request("c1", service: "orders", body: "a") == [workerRequest("w1", id: 1, body: "a")])
        #expect(harness.broker.nextHedge == nil)
        #expect(harness.hedge(at: .seconds(1)) == [])
        #expect(harness.broker.counters.hedges == 0)
    }

    @Test func hedgesNeverPassTheirShareOfRequests() {
        var harness = harness(percent: 50)
        for worker in ["w1", "w2", "w3", "w4"] { _ = harness.ready(worker) }
        _ = harness.request("c1", body: "a")
        _ = harness.request("c1", body: "b")
        // Two requests earned one hedge: a gets it, b does not.
        #expect(harness.hedge(at: .milliseconds(100)) == [workerRequest("w3", id: 1, body: "a")])
        #expect(harness.broker.counters.hedges == 1)
    }

    @Test func theDelayFollowsTheServicesRecentReplyTimes() {
        var harness = harness()
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.request("c1", body: "a")
        _ = harness.final("w1", request: 1, body: "r", at: .milliseconds(20))
        // 20 ms falls in the bucket that ends at 22.4 ms (448 × 50 µs), the p99 of one reply.
        _ = harness.request("c1", body: "b", at: .milliseconds(30))
        #expect(harness.broker.nextHedge == harness.start + .milliseconds(30) + .microseconds(22_400))
    }

    @Test func aShorterDelayIsNotHeldBehindAnOlderLongerOne() {
        var harness = harness()
        for worker in ["w1", "w2", "w3"] { _ = harness.ready(worker) }
        // a waits the 100 ms of a service with no reply timed yet; b's reply then brings the p99 to 22.4 ms.
        _ = harness.request("c1", body: "a")
        _ = harness.request("c2", body: "b")
        _ = harness.final("w2", request: 2, body: "r", at: .milliseconds(20))
        _ = harness.request("c3", body: "c", at: .milliseconds(30))
        #expect(harness.broker.nextHedge == harness.start + .milliseconds(30) + .microseconds(22_400))
        // c (which w2 holds, having answered) is due before a, whose timer is older; its copy waits in the queue
        // for a worker that has answered (w3 has not, BrokerStateMachineSlowStartTests).
        #expect(harness.hedge(at: .milliseconds(53)) == [])
        #expect(harness.load("calc") == Load(3, 1, 1))
        #expect(harness.broker.nextHedge == harness.start + .milliseconds(100))
    }

    /// A second copy still queued when the deadline answers the request is dropped with it: the first worker's
    /// death later ends the request instead of leaving it to a copy no longer queued (a request kept for ever).
    @Test func aQueuedCopyDroppedAtTheDeadlineLeavesNothingBehind() {
        let hedging = Hedging(services: ["calc"], maximumDelay: .milliseconds(100), maximumPercent: 100)
        var harness = BrokerHarness(
            BrokerConfiguration(heartbeatInterval: .seconds(10), defaultDeadline: .seconds(1), hedging: hedging)
        )
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.request("c1", body: "a")
        _ = harness.request("c2", body: "b")
        // Both workers are busy: the copies of a and b wait in the queue.
        #expect(harness.hedge(at: .milliseconds(100)) == [])
        #expect(harness.load("calc") == Load(2, 0, 2))
        _ = harness.tick(at: .milliseconds(1100))
        #expect(harness.load("calc") == Load(2, 0, 0))
        _ = harness.disconnect("w1", at: .milliseconds(1200))
        _ = harness.disconnect("w2", at: .milliseconds(1200))
        #expect(harness.broker.pendingCount == 0)
        #expect(harness.broker.pendingBytes == 0)
    }

    @Test func aHedgeLivesOnWhenTheFirstWorkerDies() {
        var harness = harness()
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.request("c1", body: "a")
        _ = harness.hedge(at: .milliseconds(100))
        #expect(harness.disconnect("w1", at: .milliseconds(110)) == [])
        #expect(harness.final("w2", request: 1, body: "r", at: .milliseconds(120)) == [clientFinal("c1", body: "r")])
        #expect(harness.broker.pendingCount == 0)
    }

    @Test func aHedgeNeverGoesToTheWorkerHoldingTheFirstCopy() {
        var harness = harness()
        _ = harness.ready("w1", capacity: 2)
        _ = harness.ready("w2")
        _ = harness.request("c1", body: "a")
        _ = harness.request("c2", body: "b")
        _ = harness.request("c3", body: "c")
        _ = harness.final("w1", request: 2, body: "r", at: .milliseconds(50))
        // w1 has a slot free: a (which w1 holds) is not hedged to it, c (which w2 holds) is.
        #expect(harness.hedge(at: .milliseconds(100)) == [workerRequest("w1", id: 3, body: "c")])
        #expect(harness.broker.counters.hedges == 1)
    }
}
