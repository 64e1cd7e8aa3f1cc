import Majordomo
import Testing

/// MMI, built-in services and PARTIAL replies.
@Suite struct BrokerStateMachineServiceTests {
    static func mmiReply(_ client: String, service: String, status: String) -> Action {
        .sendToClient(identity: bytes(client), frames: [mdpc02, [0x03], bytes(service), bytes(status)])
    }

    @Test func mmiServiceAnswers200ForAServiceWithWorkers() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        #expect(
            harness.request("c1", service: "mmi.service", body: "calc") == [
                Self.mmiReply("c1", service: "mmi.service", status: "200")
            ]
        )
        #expect(harness.broker.counters.replies == 1)
    }

    @Test(arguments: ["orders", "", "mmi.service", "mmi.echo"])
    func mmiServiceAnswers404ForAServiceWithoutWorkers(_ asked: String) {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        #expect(
            harness.request("c1", service: "mmi.service", body: asked) == [
                Self.mmiReply("c1", service: "mmi.service", status: "404")
            ]
        )
    }

    @Test func mmiServiceAnswers404OnceTheLastWorkerLeft() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.disconnect("w1")
        #expect(
            harness.request("c1", service: "mmi.service", body: "calc") == [
                Self.mmiReply("c1", service: "mmi.service", status: "404")
            ]
        )
    }

    @Test func mmiServiceAnswers200ForABuiltinService() {
        var harness = BrokerHarness()
        #expect(
            harness.request("c1", service: "mmi.service", body: "gateway") == [
                Self.mmiReply("c1", service: "mmi.service", status: "200")
            ]
        )
    }

    @Test(arguments: ["mmi.echo", "mmi.x", "mmi."])
    func otherMMIServicesAnswer501(_ service: String) {
        var harness = BrokerHarness()
        #expect(
            harness.request("c1", service: service, body: "calc") == [
                Self.mmiReply("c1", service: service, status: "501")
            ]
        )
        #expect(harness.broker.pendingCount == 0)
    }

    @Test func mmiAnswersInTheClientsDialect() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        #expect(
            harness.request("c1", service: "mmi.service", body: "calc", dialect: .mdp01)
                == [.sendToClient(identity: bytes("c1"), frames: [[], mdpc01, bytes("mmi.service"), bytes("200")])]
        )
        #expect(
            harness.request("c2", service: "mmi.service", body: "calc", dialect: .majortomo)
                == [.sendToClient(identity: bytes("c2"), frames: [[], mdpc02, [0x04], bytes("200")])]
        )
    }

    @Test func builtinServiceRequestGoesToTheOwner() {
        var harness = BrokerHarness()
        #expect(
            harness.request("c1", service: "gateway", body: #"{"op":"health"}"#, dialect: .mdp02Delimited)
                == [
                    .builtin(
                        route: route("c1", .mdp02Delimited),
                        service: "gateway",
                        body: [bytes(#"{"op":"health"}"#)]
                    )
                ]
        )
        #expect(harness.broker.pendingCount == 0)
    }

    @Test(arguments: [ClientDialect.mdp02, .mdp02Delimited, .majortomo])
    func partialIsForwardedToA02Client(_ dialect: ClientDialect) {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a", dialect: dialect)
        let expected: [[UInt8]] =
            switch dialect {
            case .majortomo: [[], mdpc02, [0x03], bytes("p1")]
            case .mdp02Delimited: [[], mdpc02, [0x02], bytes("calc"), bytes("p1")]
            default: [mdpc02, [0x02], bytes("calc"), bytes("p1")]
            }
        #expect(
            harness.partial("w1", request: 1, body: "p1") == [.sendToClient(identity: bytes("c1"), frames: expected)]
        )
        // A PARTIAL leaves the worker busy with the same request.
        #expect(harness.health("calc")?.idle == 0)
        #expect(harness.broker.pendingCount == 1)
        #expect(harness.final("w1", request: 1, body: "done").count == 1)
    }

    @Test func partialIsNotForwardedToA01Client() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a", dialect: .mdp01)
        #expect(harness.partial("w1", request: 1, body: "p1") == [])
        #expect(
            harness.final("w1", request: 1, body: "done")
                == [.sendToClient(identity: bytes("c1"), frames: [[], mdpc01, bytes("calc"), bytes("done")])]
        )
    }

    @Test func partialIsNotForwardedToTheOwner() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.submitOwnerRequest(
            token: 3,
            service: "calc",
            body: [bytes("a")],
            deadline: nil,
            now: harness.start
        )
        #expect(harness.partial("w1", request: 1, body: "p1") == [])
        #expect(harness.final("w1", request: 1, body: "done") == [.deliver(token: 3, body: [bytes("done")])])
    }
}
