import Majordomo
import Testing
import ZeroMQ

/// Each client's cap on requests queued or in flight (``ClientLimits/maximumPending``), and that every way a
/// request leaves the broker gives its place back.
@Suite struct BrokerStateMachineClientPendingTests {
    private static func harness(maximumPending: Int, retryable: Bool = false) -> BrokerHarness {
        BrokerHarness(
            BrokerConfiguration(
                heartbeatInterval: .seconds(60),
                defaultDeadline: .seconds(5),
                clientLimits: ClientLimits(rate: 0, maximumPending: maximumPending),
                isRetryable: { _ in retryable }
            )
        )
    }

    @Test func clientAtItsCapIsRefusedAndOthersAreNot() {
        var harness = Self.harness(maximumPending: 2)
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        _ = harness.request("c1", body: "b")
        #expect(harness.request("c1", body: "c") == [failure("c1", .tooManyPending, body: "c")])
        #expect(harness.request("c2", body: "d") == [])
        #expect(harness.load("calc") == Load(1, 0, 2))
        #expect(harness.broker.counters.tooManyPending == 1)
        // The FINAL for "a" gives c1 its place back.
        #expect(
            harness.final("w1", request: 1, body: "ra") == [
                clientFinal("c1", body: "ra"), workerRequest("w1", id: 2, body: "b"),
            ]
        )
        #expect(harness.request("c1", body: "e") == [])
    }

    /// A client given limits of its own (a bridge's CURVE key, from the client allow-list) is held to them, and
    /// keeps them for later requests that come without; the others keep the configured cap.
    @Test func aClientWithLimitsOfItsOwnIsHeldToThem() {
        var harness = Self.harness(maximumPending: 1)
        _ = harness.ready("w1")
        let own = ClientLimits(rate: 0, maximumPending: 3)
        _ = harness.request("bridge", body: "a", limits: own)
        #expect(harness.request("bridge", body: "b") == [])
        #expect(harness.request("bridge", body: "c", limits: own) == [])
        #expect(harness.request("bridge", body: "d", limits: own) == [failure("bridge", .tooManyPending, body: "d")])
        #expect(harness.request("c1", body: "e") == [])
        #expect(harness.request("c1", body: "f") == [failure("c1", .tooManyPending, body: "f")])
        #expect(harness.broker.counters.tooManyPending == 2)
    }

    /// Requests answered at once hold no place.
    @Test func requestsAnsweredAtOnceHoldNoPlace() {
        var harness = Self.harness(maximumPending: 1)
        for _ in 0..<5 {
            #expect(
                harness.request("c1", service: "nosuch", body: "x") == [
                    failure("c1", .noWorkers, service: "nosuch", body: "x")
                ]
            )
        }
        #expect(harness.broker.trackedClientCount == 0)
    }

    @Test func batchSubRequestsCountForTheirClient() {
        var harness = Self.harness(maximumPending: 2)
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        let body = [bytes("s")]
        let now = harness.start
        let first = harness.submitOwnerRequest(
            token: 1,
            service: "calc",
            body: body,
            deadline: nil,
            client: bytes("c1"),
            now: now
        )
        #expect(first == [])
        let second = harness.submitOwnerRequest(
            token: 2,
            service: "calc",
            body: body,
            deadline: nil,
            client: bytes("c1"),
            now: now
        )
        #expect(second == [.fail(origin: .owner(token: 2), service: "calc", failure: .tooManyPending, body: body)])
    }

    /// Each way out of the broker releases the request's place: the client is forgotten and may send again.
    @Test(arguments: Exit.allCases)
    func everyExitReleasesThePlace(exit: Exit) {
        var harness = Self.harness(maximumPending: 2, retryable: exit == .redispatchedThenAnswered)
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        _ = harness.request("c1", body: "b")
        #expect(harness.broker.trackedClientCount == 1)
        switch exit {
        case .answered:
            _ = harness.final("w1", request: 1, body: "r")
            _ = harness.final("w1", request: 2, body: "r")
        case .deadlinePassed:
            // "b" is dropped from its queue at once; "a" is held until its worker's late FINAL.
            _ = harness.tick(at: .seconds(6))
            #expect(harness.broker.trackedClientCount == 1)
            _ = harness.final("w1", request: 1, body: "late", at: .seconds(7))
        case .workerLostThenServiceForgotten:
            _ = harness.disconnect("w1")
            _ = harness.tick(at: .seconds(2))
        case .redispatchedThenAnswered:
            _ = harness.disconnect("w1")
            _ = harness.ready("w2")
            #expect(harness.broker.trackedClientCount == 1)
            _ = harness.final("w2", request: 1, body: "r")
            _ = harness.final("w2", request: 2, body: "r")
        case .undeliverableThenAnswered:
            _ = harness.undeliverable("w1", .request(dialect: .mdp02, requestID: 1, body: ZMQFrames([bytes("a")])))
            _ = harness.ready("w2")
            _ = harness.final("w2", request: 1, body: "r")
            _ = harness.final("w2", request: 2, body: "r")
        }
        #expect(harness.broker.pendingCount == 0)
        #expect(harness.broker.trackedClientCount == 0)
    }

    enum Exit: CaseIterable {
        case answered, deadlinePassed, workerLostThenServiceForgotten, redispatchedThenAnswered,
            undeliverableThenAnswered
    }
}
