import Majordomo
import Testing
import ZeroMQ

/// A client found gone (a reply to it could not be sent) takes its queued requests with it.
@Suite struct BrokerStateMachineGoneClientTests {
    @Test func aGoneClientsQueuedRequestsLeaveTheQueueAndTheOthersStay() {
        var harness = BrokerHarness(BrokerConfiguration(heartbeatInterval: .seconds(10)))
        _ = harness.ready("w1")
        _ = harness.request("gone", body: "g1")
        _ = harness.request("gone", body: "g2")
        _ = harness.request("gone", body: "g3")
        _ = harness.request("c1", body: "mine")
        #expect(harness.load("calc") == Load(1, 0, 3))
        #expect(harness.broker.clientGone(identity: ZMQRoutingID(bytes("gone")), now: harness.start).isEmpty)
        // g1, which w1 holds, runs on; g2 and g3 are dropped; c1's request is next.
        #expect(harness.load("calc") == Load(1, 0, 1))
        #expect(harness.broker.pendingCount == 2)
        #expect(harness.broker.counters.queuedForGoneClients == 2)
        #expect(
            harness.final("w1", request: 1, body: "r") == [
                clientFinal("gone", body: "r"), workerRequest("w1", id: 4, body: "mine"),
            ]
        )
    }
}
