import Majordomo
import Testing

/// Messages the owner found over its size or frame limit, passed in cut short with `tooLarge`.
@Suite struct BrokerStateMachineSizeLimitTests {
    private static let configuration = BrokerConfiguration(
        heartbeatInterval: .seconds(60),
        defaultDeadline: .seconds(5)
    )

    @Test(arguments: [ClientDialect.mdp02, .mdp02Delimited, .majortomo, .mdp01])
    func oversizedRequestIsAnsweredAndNeverQueued(dialect: ClientDialect) {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1")
        #expect(
            harness.request("c1", body: "a", dialect: dialect, tooLarge: true)
                == [failure("c1", .requestTooLarge, body: "a", dialect: dialect)]
        )
        #expect(harness.load("calc") == Load(1, 1, 0))
        #expect(harness.broker.counters.requestsTooLarge == 1)
        #expect(harness.broker.counters.requests == 0)
    }

    @Test func oversizedRequestCutBeforeItsServiceIsDroppedAndCountedOnce() {
        var harness = BrokerHarness(Self.configuration)
        let actions = harness.receiveFromClient(
            identity: bytes("c1"),
            frames: [mdpc02, [0x01]],
            tooLarge: true,
            now: harness.start
        )
        #expect(actions.first?.droppedError?.code == .tooFewFrames)
        #expect(harness.broker.counters.requestsTooLarge == 1)
        #expect(harness.broker.counters.dropped == 0)
    }

    @Test func oversizedFinalAnswersTheClientAndFreesTheWorker() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        _ = harness.request("c2", body: "b")
        let final: [[UInt8]] = [mdpw02, [0x04], address(1), [], bytes("cut")]
        #expect(
            harness.worker("w1", sends: final, tooLarge: true)
                == [failure("c1", .replyTooLarge, body: "a"), workerRequest("w1", id: 2, body: "b")]
        )
        #expect(harness.broker.counters.repliesTooLarge == 1)
        #expect(harness.broker.counters.replies == 0)
    }

    @Test func oversizedPartialAnswersOnceAndTheFinalGoesNowhere() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        let partial: [[UInt8]] = [mdpw02, [0x03], address(1), [], bytes("cut")]
        #expect(harness.worker("w1", sends: partial, tooLarge: true) == [failure("c1", .replyTooLarge, body: "a")])
        #expect(harness.final("w1", request: 1, body: "r") == [])
        #expect(harness.load("calc") == Load(1, 1, 0))
    }

    @Test func oversizedReplyForAnotherRequestIsDropped() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        let final: [[UInt8]] = [mdpw02, [0x04], address(7), [], bytes("cut")]
        let actions = harness.worker("w1", sends: final, tooLarge: true)
        #expect(actions.count == 1)
        #expect(actions.first?.droppedError?.code == .tooLarge)
        #expect(harness.final("w1", request: 1, body: "r") == [clientFinal("c1", body: "r")])
    }
}
