import Majordomo
import Testing
import ZeroMQ

/// The byte budgets (``ByteBudgets``, ``ClientLimits/maximumPendingBytes``): a request that would pass one is refused,
/// every way out gives its bytes back, and a request answered in flight keeps only its overhead.
@Suite struct BrokerStateMachineByteBudgetTests {
    /// A body of 100 bytes: with the overhead, each request counts for 612.
    private static let body = String(repeating: "x", count: 100)
    private static let cost = 100 + ByteBudgets.requestOverhead

    private static func harness(budgets: ByteBudgets = ByteBudgets(), clientBytes: Int = 0) -> BrokerHarness {
        BrokerHarness(
            BrokerConfiguration(
                heartbeatInterval: .seconds(60),
                defaultDeadline: .seconds(5),
                clientLimits: ClientLimits(rate: 0, maximumPending: 0, maximumPendingBytes: clientBytes),
                byteBudgets: budgets
            )
        )
    }

    @Test func aServiceQueueTakesNoMoreThanItsBytes() {
        var harness = Self.harness(budgets: ByteBudgets(serviceQueue: 2 * Self.cost))
        _ = harness.ready("w1")
        _ = harness.request("c1", body: Self.body)
        _ = harness.request("c1", body: Self.body)
        _ = harness.request("c1", body: Self.body)
        #expect(
            harness.request("c1", body: "d" + Self.body) == [
                failure("c1", .overByteBudget(.serviceQueue), body: "d" + Self.body)
            ]
        )
        #expect(harness.broker.counters.overByteBudget == 1)
        // The worker's reply takes one request out of the queue, which has room again.
        _ = harness.final("w1", request: 1, body: "r")
        #expect(harness.request("c1", body: Self.body) == [])
        #expect(harness.load("calc") == Load(1, 0, 2))
    }

    @Test func theBrokerTakesNoMoreThanItsTotal() {
        var harness = Self.harness(budgets: ByteBudgets(total: 3 * Self.cost))
        _ = harness.ready("w1")
        for _ in 0..<3 { _ = harness.request("c1", body: Self.body) }
        #expect(harness.broker.pendingBytes == 3 * Self.cost)
        #expect(harness.request("c2", body: Self.body) == [failure("c2", .overByteBudget(.total), body: Self.body)])
    }

    @Test func aClientTakesNoMoreThanItsBytesAndOthersAreNotHeldBack() {
        var harness = Self.harness(clientBytes: 2 * Self.cost)
        _ = harness.ready("w1")
        _ = harness.request("c1", body: Self.body)
        _ = harness.request("c1", body: Self.body)
        #expect(harness.request("c1", body: Self.body) == [failure("c1", .overByteBudget(.client), body: Self.body)])
        #expect(harness.request("c2", body: Self.body) == [])
        _ = harness.final("w1", request: 1, body: "r")
        #expect(harness.request("c1", body: Self.body) == [])
    }

    @Test func aWorkerAtItsBytesGetsNothingMoreUntilItAnswers() {
        var harness = Self.harness(budgets: ByteBudgets(worker: Self.cost + Self.cost / 2))
        _ = harness.ready("w1", capacity: 4)
        #expect(harness.request("c1", body: Self.body) == [workerRequest("w1", id: 1, body: Self.body)])
        #expect(harness.request("c1", body: Self.body) == [])
        #expect(harness.load("calc") == Load(4, 0, 1))
        // Its answer gives back every free slot, and the queued request goes out.
        #expect(
            harness.final("w1", request: 1, body: "r") == [
                clientFinal("c1", body: "r"), workerRequest("w1", id: 2, body: Self.body),
            ]
        )
        #expect(harness.load("calc") == Load(4, 3, 0))
    }

    @Test func aRequestAnsweredInFlightKeepsOnlyItsOverhead() {
        var harness = Self.harness(clientBytes: 2 * Self.cost)
        _ = harness.ready("w1")
        _ = harness.request("c1", body: Self.body)
        _ = harness.tick(at: .seconds(6))
        #expect(harness.broker.pendingBytes == ByteBudgets.requestOverhead)
        // The client's bytes came back with the body: two more fit (one queued, one refused by count of bytes).
        _ = harness.request("c1", body: Self.body, at: .seconds(6))
        #expect(
            harness.request("c1", body: Self.body, at: .seconds(6)) == [
                failure("c1", .overByteBudget(.client), body: Self.body)
            ]
        )
        // The worker's late reply lets the rest go.
        _ = harness.final("w1", request: 1, body: "late", at: .seconds(7))
        #expect(harness.broker.pendingBytes == Self.cost)
    }
}
