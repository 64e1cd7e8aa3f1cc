import Majordomo
import Testing

/// Shedding fairly (``FairQueue/heaviest``): a full queue makes room for a client by answering the newest queued
/// request of the client holding the most, if that client holds more; else the new request is refused.
@Suite struct BrokerStateMachineSheddingTests {
    /// One worker, kept busy by the flood's first request; heartbeats 60 s apart, so nothing expires.
    private static func harness(maximumQueued: Int = 1024, budgets: ByteBudgets = ByteBudgets()) -> BrokerHarness {
        BrokerHarness(
            BrokerConfiguration(
                heartbeatInterval: .seconds(60),
                maximumQueuedPerService: maximumQueued,
                clientLimits: ClientLimits(rate: 0, maximumPending: 0, maximumPendingBytes: 0),
                byteBudgets: budgets
            )
        )
    }

    @Test func aFullQueueShedsTheNewestRequestOfTheClientHoldingTheMost() {
        var harness = Self.harness(maximumQueued: 3)
        _ = harness.ready("w1")
        for index in 1...4 { _ = harness.request("flood", body: "f\(index)") }
        #expect(harness.load("calc") == Load(1, 0, 3))
        // c1 has nothing queued: the flood's newest (f4) gives way.
        #expect(harness.request("c1", body: "mine") == [failure("flood", .queueFull, body: "f4")])
        // The flood itself holds the most: its own new request is refused.
        #expect(harness.request("flood", body: "f5") == [failure("flood", .queueFull, body: "f5")])
        // c1 holds 1, the flood 2: the flood gives way again (f3).
        #expect(harness.request("c1", body: "mine2") == [failure("flood", .queueFull, body: "f3")])
        // Now c1 holds the most (2, the flood 1): its third request is refused.
        #expect(harness.request("c1", body: "mine3") == [failure("c1", .queueFull, body: "mine3")])
        #expect(harness.broker.counters.shed == 2)
        #expect(harness.broker.counters.queueFull == 4)
        // Served in turn: f2 (the flood's turn began first), then c1's two.
        #expect(harness.final("w1", request: 1, body: "r").last == workerRequest("w1", id: 2, body: "f2"))
        #expect(harness.final("w1", request: 2, body: "r").last == workerRequest("w1", id: 5, body: "mine"))
        #expect(harness.final("w1", request: 5, body: "r").last == workerRequest("w1", id: 6, body: "mine2"))
    }

    @Test func aQueueAtItsByteBudgetShedsAsManyAsTheNewRequestNeeds() {
        let small = 10 + ByteBudgets.requestOverhead
        var harness = Self.harness(budgets: ByteBudgets(serviceQueue: 3 * small))
        _ = harness.ready("w1")
        for index in 1...4 { _ = harness.request("flood", body: "f\(index)" + String(repeating: "x", count: 8)) }
        // A request twice the size needs two of the flood's three queued requests to go, the newest first.
        let big = String(repeating: "y", count: small + 10)
        #expect(
            harness.request("c1", body: big) == [
                failure("flood", .overByteBudget(.serviceQueue), body: "f4xxxxxxxx"),
                failure("flood", .overByteBudget(.serviceQueue), body: "f3xxxxxxxx"),
            ]
        )
        #expect(harness.broker.counters.shed == 2)
        #expect(harness.load("calc") == Load(1, 0, 2))
    }

    @Test func equalHoldersDoNotShedEachOther() {
        var harness = Self.harness(maximumQueued: 2)
        _ = harness.ready("w1")
        _ = harness.request("a", body: "a0")
        _ = harness.request("a", body: "a1")
        _ = harness.request("b", body: "b1")
        #expect(harness.request("b", body: "b2") == [failure("b", .queueFull, body: "b2")])
        #expect(harness.broker.counters.shed == 0)
    }
}
