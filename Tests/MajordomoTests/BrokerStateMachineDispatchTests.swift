import Majordomo
import Testing

/// Registration, routing and replies, event by event.
@Suite struct BrokerStateMachineDispatchTests {
    @Test func readyRegistersAnIdleWorker() {
        var harness = BrokerHarness()
        #expect(harness.ready("w1") == [])
        #expect(harness.broker.health.map(\.name) == ["calc"])
        #expect(harness.load("calc") == Load(1, 1, 0))
        #expect(harness.broker.isServiceAvailable("calc"))
        #expect(!harness.broker.isServiceAvailable("orders"))
    }

    @Test func requestGoesToTheIdleWorkerFrameByFrame() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        let actions = harness.request("c1", body: #"{"op":"evaluate"}"#)
        #expect(
            actions == [
                .sendToWorker(
                    identity: bytes("w1"),
                    frames: [mdpw02, [0x02], [0, 0, 0, 0, 0, 0, 0, 1], [], bytes(#"{"op":"evaluate"}"#)]
                )
            ]
        )
        #expect(harness.load("calc") == Load(1, 0, 0))
        #expect(harness.broker.pendingCount == 1)
        #expect(harness.broker.counters.requests == 1)
    }

    @Test func requestForANeverSeenServiceFailsWithNoWorkers() {
        var harness = BrokerHarness()
        _ = harness.ready("w1", service: "calc")
        #expect(
            harness.request("c1", service: "orders", body: "b") == [
                failure("c1", .noWorkers, service: "orders", body: "b")
            ]
        )
        #expect(harness.broker.pendingCount == 0)
        #expect(harness.broker.counters.noWorkers == 1)
        #expect(harness.health("orders") == nil)
    }

    /// Once every live worker has had a heartbeat expiry to register, a name none ever registered is
    /// `unknownService`; a name that had workers stays `noWorkers` after it is forgotten.
    @Test func aNameNoWorkerEverRegisteredIsUnknownOnceWorkersHadTimeToRegister() {
        var harness = BrokerHarness()
        _ = harness.ready("w1", service: "calc")
        let expiry = harness.broker.configuration.heartbeatInterval * harness.broker.configuration.heartbeatLiveness
        #expect(
            harness.request("c1", service: "ledger", body: "a") == [
                failure("c1", .noWorkers, service: "ledger", body: "a")
            ]
        )
        #expect(
            harness.request("c1", service: "ledger", body: "b", at: expiry)
                == [failure("c1", .unknownService, service: "ledger", body: "b")]
        )
        #expect(harness.broker.counters.unknownService == 1)
        #expect(harness.disconnect("w1", at: expiry) == [])
        _ = harness.tick(at: expiry + harness.broker.configuration.serviceGracePeriod * 2)
        #expect(harness.health("calc") == nil, "forgotten")
        #expect(
            harness.request("c1", body: "c", at: expiry * 3)
                == [failure("c1", .noWorkers, service: "calc", body: "c")]
        )
    }

    /// A request whose service frame is no name is answered, under as much of the name as reads, never dropped.
    @Test func aRequestForNoServiceNameIsAnsweredNotDropped() {
        var harness = BrokerHarness()
        let long = String(repeating: "s", count: 300)
        let actions = harness.receiveFromClient(
            identity: bytes("c1"),
            frames: [mdpc02, [0x01], bytes(long), bytes("x")],
            now: harness.start
        )
        #expect(actions == [failure("c1", .badServiceName, service: String(repeating: "s", count: 255), body: "x")])
        #expect(harness.broker.counters.dropped == 0)
    }

    @Test func readyDispatchesWorkQueuedWhileTheServiceHadNoWorker() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        #expect(harness.disconnect("w1") == [])
        #expect(harness.load("calc") == Load(0, 0, 0))
        // The service is known, so requests wait for a worker instead of failing.
        #expect(harness.request("c1", body: "a") == [])
        #expect(harness.request("c2", body: "b") == [])
        #expect(harness.health("calc")?.queued == 2)
        #expect(harness.ready("w2") == [workerRequest("w2", id: 1, body: "a")])
        #expect(harness.ready("w3") == [workerRequest("w3", id: 2, body: "b")])
        #expect(harness.load("calc") == Load(2, 0, 0))
    }

    @Test func readyDispatchesWorkQueuedBehindABusyWorker() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        #expect(harness.request("c1", body: "a") == [workerRequest("w1", id: 1, body: "a")])
        #expect(harness.request("c2", body: "b") == [])
        #expect(harness.ready("w2") == [workerRequest("w2", id: 2, body: "b")])
    }

    @Test func idleWorkersAreUsedLeastRecentlyUsedFirst() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.ready("w3")
        #expect(harness.request("c", body: "1") == [workerRequest("w1", id: 1, body: "1")])
        #expect(harness.request("c", body: "2") == [workerRequest("w2", id: 2, body: "2")])
        // w2 finishes before w1: among the workers that have answered the idle order is w2, w1; w3, which has not
        // answered yet, comes after them (slow start, ``IdleSlots``).
        #expect(harness.final("w2", request: 2, body: "r2") == [clientFinal("c", body: "r2")])
        #expect(harness.final("w1", request: 1, body: "r1") == [clientFinal("c", body: "r1")])
        #expect(harness.request("c", body: "3") == [workerRequest("w2", id: 3, body: "3")])
        #expect(harness.request("c", body: "4") == [workerRequest("w1", id: 4, body: "4")])
        #expect(harness.request("c", body: "5") == [workerRequest("w3", id: 5, body: "5")])
        #expect(harness.request("c", body: "6") == [])
        #expect(harness.load("calc") == Load(3, 0, 1))
    }

    @Test func servicesDoNotShareWorkers() {
        var harness = BrokerHarness()
        _ = harness.ready("w-calc", service: "calc")
        _ = harness.ready("w-orders", service: "orders")
        #expect(harness.request("c", service: "orders", body: "o") == [workerRequest("w-orders", id: 1, body: "o")])
        #expect(harness.request("c", service: "orders", body: "o2") == [])
        #expect(harness.request("c", service: "calc", body: "x") == [workerRequest("w-calc", id: 3, body: "x")])
    }

    @Test func fullQueueRefusesNewRequests() {
        var harness = BrokerHarness(BrokerConfiguration(maximumQueuedPerService: 2))
        _ = harness.ready("w1")
        #expect(harness.request("c1", body: "1") == [workerRequest("w1", id: 1, body: "1")])
        #expect(harness.request("c2", body: "2") == [])
        #expect(harness.request("c2", body: "3") == [])
        // c2 holds the whole queue, so nobody holds more than it: its request is refused (others would shed one of
        // its own, BrokerStateMachineSheddingTests).
        #expect(harness.request("c2", body: "4") == [failure("c2", .queueFull, body: "4")])
        #expect(harness.broker.counters.queueFull == 1)
        #expect(harness.health("calc")?.queued == 2)
        // Once the queue drains a little, requests are accepted again.
        #expect(
            harness.final("w1", request: 1, body: "r1") == [
                clientFinal("c1", body: "r1"), workerRequest("w1", id: 2, body: "2"),
            ]
        )
        #expect(harness.request("c5", body: "5") == [])
        #expect(harness.health("calc")?.queued == 2)
    }

    @Test func finalGoesOnlyToTheOriginAndMakesTheWorkerIdle() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        #expect(harness.request("c1", body: "a") == [workerRequest("w1", id: 1, body: "a")])
        #expect(harness.request("c2", body: "b") == [workerRequest("w2", id: 2, body: "b")])
        #expect(harness.final("w2", request: 2, body: "rb") == [clientFinal("c2", body: "rb")])
        #expect(harness.load("calc") == Load(2, 1, 0))
        #expect(harness.final("w1", request: 1, body: "ra") == [clientFinal("c1", body: "ra")])
        #expect(harness.load("calc") == Load(2, 2, 0))
        #expect(harness.broker.pendingCount == 0)
        #expect(harness.broker.counters.replies == 2)
    }

    @Test func finalHandsTheNextQueuedRequestToTheSameWorker() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        #expect(harness.request("c2", body: "b") == [])
        #expect(
            harness.final("w1", request: 1, body: "ra") == [
                clientFinal("c1", body: "ra"), workerRequest("w1", id: 2, body: "b"),
            ]
        )
        #expect(harness.final("w1", request: 2, body: "rb") == [clientFinal("c2", body: "rb")])
    }

    @Test(arguments: [ClientDialect.mdp02, .mdp02Delimited, .majortomo, .mdp01])
    func replyIsFramedInTheClientsDialect(_ dialect: ClientDialect) {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        #expect(harness.request("c1", body: "q", dialect: dialect) == [workerRequest("w1", id: 1, body: "q")])
        let expected: [[UInt8]] =
            switch dialect {
            case .mdp02: [mdpc02, [0x03], bytes("calc"), bytes("r")]
            case .mdp02Delimited: [[], mdpc02, [0x03], bytes("calc"), bytes("r")]
            case .majortomo: [[], mdpc02, [0x04], bytes("r")]
            case .mdp01: [[], mdpc01, bytes("calc"), bytes("r")]
            }
        #expect(harness.final("w1", request: 1, body: "r") == [.sendToClient(identity: bytes("c1"), frames: expected)])
    }

    @Test(arguments: [WorkerDialect.mdp02, .mdp02Delimited, .mdp01])
    func workerIsAddressedInItsOwnDialect(_ dialect: WorkerDialect) {
        var harness = BrokerHarness()
        #expect(harness.ready("w1", dialect: dialect) == [])
        #expect(harness.request("c1", body: "q") == [workerRequest("w1", id: 1, body: "q", dialect: dialect)])
        #expect(harness.final("w1", request: 1, body: "r", dialect: dialect) == [clientFinal("c1", body: "r")])
        #expect(harness.disconnect("w1", dialect: dialect) == [])
        #expect(harness.health("calc")?.workers == 0)
    }

    @Test func ownerRequestIsDeliveredToTheOwner() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        let actions = harness.submitOwnerRequest(
            token: 42,
            service: "calc",
            body: [bytes("sub")],
            deadline: nil,
            now: harness.start
        )
        #expect(actions == [workerRequest("w1", id: 1, body: "sub")])
        #expect(harness.final("w1", request: 1, body: "done") == [.deliver(token: 42, body: [bytes("done")])])
        #expect(harness.broker.pendingCount == 0)
    }

    @Test func ownerRequestForAnUnknownServiceFails() {
        var harness = BrokerHarness()
        let actions = harness.submitOwnerRequest(
            token: 7,
            service: "ledger",
            body: [bytes("x")],
            deadline: nil,
            now: harness.start
        )
        #expect(
            actions == [.fail(origin: .owner(token: 7), service: "ledger", failure: .noWorkers, body: [bytes("x")])]
        )
    }
}
