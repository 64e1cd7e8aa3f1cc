import Majordomo
import Testing
import ZeroMQ

/// Reckon's READY extension: a worker connection that declares a capacity holds that many requests at once, and a
/// later READY with a capacity changes it.
@Suite struct BrokerStateMachineCapacityTests {
    private static let configuration = BrokerConfiguration(
        heartbeatInterval: .seconds(60),
        defaultDeadline: .seconds(5)
    )

    @Test func aWorkerTakesAsManyRequestsAsItsCapacityAndTheRestQueue() {
        var harness = BrokerHarness(Self.configuration)
        #expect(harness.ready("w1", capacity: 3) == [])
        #expect(harness.load("calc") == Load(3, 3, 0))
        for (id, client) in ["c1", "c2", "c3"].enumerated() {
            #expect(harness.request(client, body: client) == [workerRequest("w1", id: UInt64(id + 1), body: client)])
        }
        #expect(harness.request("c4", body: "c4") == [])
        #expect(harness.load("calc") == Load(3, 0, 1))
        #expect(
            harness.final("w1", request: 2, body: "r2")
                == [clientFinal("c2", body: "r2"), workerRequest("w1", id: 4, body: "c4")]
        )
        #expect(harness.final("w1", request: 3, body: "r3") == [clientFinal("c3", body: "r3")])
        #expect(harness.final("w1", request: 1, body: "r1") == [clientFinal("c1", body: "r1")])
        #expect(harness.load("calc") == Load(3, 2, 0))
    }

    @Test func aReplyMustNameOneOfTheRequestsTheWorkerHolds() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1", capacity: 2)
        _ = harness.request("c1", body: "a")
        let actions = harness.final("w1", request: 9, body: "forged")
        #expect(actions.first?.droppedError?.code == .unknownCommand)
        #expect(actions.contains(workerDisconnect("w1")))
        #expect(actions.contains(failure("c1", .workerLost, body: "a")))
        #expect(harness.load("calc") == Load(0, 0, 0))
    }

    @Test func idleSlotsGoOutLeastRecentlyFreedFirst() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1", capacity: 2)
        _ = harness.ready("w2", capacity: 1)
        #expect(harness.request("c1", body: "a") == [workerRequest("w1", id: 1, body: "a")])
        #expect(harness.request("c2", body: "b") == [workerRequest("w1", id: 2, body: "b")])
        // w2's slot was freed first, but w1 has answered and w2 has not (slow start, ``IdleSlots``).
        #expect(harness.final("w1", request: 1, body: "r") == [clientFinal("c1", body: "r")])
        #expect(harness.request("c3", body: "c") == [workerRequest("w1", id: 3, body: "c")])
        #expect(harness.request("c4", body: "d") == [workerRequest("w2", id: 4, body: "d")])
    }

    @Test func aLostWorkerRetriesEveryRetryableRequestItHeldInTheirOrder() {
        var harness = BrokerHarness(
            BrokerConfiguration(heartbeatInterval: .seconds(60), isRetryable: { $0.arrays != [bytes("once")] })
        )
        _ = harness.ready("w1", capacity: 3)
        _ = harness.request("c1", body: "a")
        _ = harness.request("c2", body: "once")
        _ = harness.request("c3", body: "b")
        #expect(harness.disconnect("w1") == [failure("c2", .workerLost, body: "once")])
        #expect(harness.load("calc") == Load(0, 0, 2))
        #expect(
            harness.ready("w2", capacity: 2)
                == [workerRequest("w2", id: 1, body: "a"), workerRequest("w2", id: 3, body: "b")]
        )
        #expect(harness.broker.counters.redispatched == 2)
    }

    @Test func aRequestThatNeverReachedAWorkerOfCapacityGoesFirstToAnother() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1", capacity: 2)
        _ = harness.request("c1", body: "a")
        _ = harness.request("c2", body: "b")
        let undelivered = WorkerMessage.request(dialect: .mdp02, requestID: 2, body: ZMQFrames([bytes("b")]))
        #expect(harness.undeliverable("w1", undelivered) == [failure("c1", .workerLost, body: "a")])
        #expect(harness.ready("w2") == [workerRequest("w2", id: 2, body: "b")])
    }

    @Test func aLaterReadyChangesTheCapacityAndZeroStopsNewWork() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1", capacity: 2)
        _ = harness.request("c1", body: "a")
        #expect(harness.ready("w1", capacity: 0) == [])
        #expect(harness.load("calc") == Load(0, 0, 0))
        #expect(harness.request("c2", body: "b") == [])
        #expect(harness.final("w1", request: 1, body: "r") == [clientFinal("c1", body: "r")])
        #expect(harness.load("calc") == Load(0, 0, 1))
        #expect(harness.ready("w1", capacity: 1) == [workerRequest("w1", id: 2, body: "b")])
        #expect(harness.load("calc") == Load(1, 0, 0))
        #expect(harness.broker.counters.disconnectsSent == 0)
    }

    @Test func aCapacityLoweredBelowWhatTheWorkerHoldsFreesNoSlotUntilItIsUnder() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1", capacity: 3)
        for client in ["c1", "c2", "c3"] { _ = harness.request(client, body: client) }
        _ = harness.ready("w1", capacity: 1)
        _ = harness.request("c4", body: "c4")
        #expect(harness.final("w1", request: 1, body: "r") == [clientFinal("c1", body: "r")])
        #expect(harness.final("w1", request: 2, body: "r") == [clientFinal("c2", body: "r")])
        #expect(
            harness.final("w1", request: 3, body: "r")
                == [clientFinal("c3", body: "r"), workerRequest("w1", id: 4, body: "c4")]
        )
    }

    @Test func aFirstReadyWithCapacityZeroAndASecondForAnotherServiceAreRefused() {
        var harness = BrokerHarness(Self.configuration)
        #expect(harness.ready("w1", capacity: 0) == [workerDisconnect("w1")])
        #expect(harness.load("calc") == nil)
        _ = harness.ready("w2", capacity: 2)
        #expect(harness.ready("w2", service: "orders", capacity: 2) == [workerDisconnect("w2")])
        #expect(harness.load("calc") == Load(0, 0, 0))
    }
}
