import Majordomo
import Testing

/// Workers that break the protocol are told to DISCONNECT and forgotten.
@Suite struct BrokerStateMachineWorkerProtocolTests {
    @Test(arguments: [
        ("seven-byte address", [UInt8](repeating: 0, count: 7)),
        ("another request's address", address(2)),
        ("a client identity", bytes("c1")),
    ])
    func finalWithAWrongAddressDisconnectsAndPurges(_ label: String, _ wrongAddress: [UInt8]) throws {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        let actions = harness.final("w1", address: wrongAddress, body: "forged")
        try #require(actions.count == 3, "\(label)")
        #expect(actions[0].droppedError?.code == .unknownCommand)
        #expect(Array(actions[1...]) == [workerDisconnect("w1"), failure("c1", .workerLost, body: "a")])
        #expect(harness.load("calc") == Load(0, 0, 0))
        #expect(harness.broker.pendingCount == 0)
        #expect(harness.broker.counters.workersLost == 1)
        #expect(harness.broker.counters.disconnectsSent == 1)
    }

    @Test func finalFromAWorkerHoldingNothingDisconnectsAndPurges() throws {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        let actions = harness.final("w1", request: 1, body: "unasked")
        try #require(actions.count == 2)
        #expect(actions[0].droppedError?.code == .unknownCommand)
        #expect(actions[1] == workerDisconnect("w1"))
        #expect(harness.health("calc")?.workers == 0)
        #expect(harness.broker.counters.dropped == 1)
    }

    @Test func partialForARequestTheWorkerDoesNotHoldDisconnects() throws {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.request("c1", body: "a")
        let actions = harness.partial("w2", request: 1, body: "stolen")
        try #require(actions.count == 2)
        #expect(actions[0].droppedError?.code == .unknownCommand)
        #expect(actions[1] == workerDisconnect("w2"))
        // w1 still holds request 1 and answers it normally.
        #expect(harness.final("w1", request: 1, body: "r") == [clientFinal("c1", body: "r")])
    }

    @Test func forgedFinalNeverReachesAnotherClient() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.request("c1", body: "a")
        _ = harness.request("c2", body: "b")
        let actions = harness.final("w2", request: 1, body: "forged")
        #expect(!actions.contains { if case .sendToClient = $0 { true } else { false } })
        #expect(actions.contains(failure("c2", .workerLost, body: "b")))
    }

    @Test func secondReadyDisconnectsAndPurges() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        #expect(harness.ready("w1") == [workerDisconnect("w1")])
        #expect(harness.health("calc")?.workers == 0)
    }

    @Test func secondReadyWhileBusyFailsTheHeldRequest() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        #expect(
            harness.ready("w1", service: "orders") == [workerDisconnect("w1"), failure("c1", .workerLost, body: "a")]
        )
        #expect(harness.health("orders") == nil)
    }

    @Test(arguments: ["mmi.service", "mmi.x", "gateway"])
    func readyForAReservedServiceDisconnects(_ service: String) {
        var harness = BrokerHarness()
        #expect(harness.ready("w1", service: service) == [workerDisconnect("w1")])
        #expect(harness.broker.health == [])
        // The worker was never registered: its next message is from a stranger.
        #expect(harness.heartbeat("w1") == [workerDisconnect("w1")])
    }

    @Test func readyForAConfiguredBuiltinServiceDisconnectsInTheWorkersDialect() {
        var harness = BrokerHarness(BrokerConfiguration(builtinServices: ["admin"]))
        #expect(harness.ready("w1", service: "admin", dialect: .mdp01) == [workerDisconnect("w1", dialect: .mdp01)])
        #expect(harness.ready("w2", service: "gateway") == [])
    }

    @Test(arguments: [WorkerDialect.mdp02, .mdp02Delimited, .mdp01])
    func heartbeatFromAnUnknownWorkerDisconnects(_ dialect: WorkerDialect) {
        var harness = BrokerHarness()
        #expect(harness.heartbeat("stranger", dialect: dialect) == [workerDisconnect("stranger", dialect: dialect)])
        #expect(harness.broker.health == [])
    }

    @Test func finalFromAnUnknownWorkerDisconnects() {
        var harness = BrokerHarness()
        #expect(harness.final("stranger", request: 1, body: "r") == [workerDisconnect("stranger")])
    }

    @Test func disconnectFromAnUnknownWorkerIsIgnored() {
        var harness = BrokerHarness()
        #expect(harness.disconnect("stranger") == [])
        #expect(harness.broker.counters.disconnectsSent == 0)
    }

    @Test func disconnectPurgesAnIdleWorker() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        #expect(harness.disconnect("w1") == [])
        #expect(harness.load("calc") == Load(1, 1, 0))
        #expect(harness.request("c1", body: "a") == [workerRequest("w2", id: 1, body: "a")])
    }

    @Test func disconnectWhileBusyFailsTheRequestAsWorkerLost() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        #expect(harness.disconnect("w1") == [failure("c1", .workerLost, body: "a")])
        #expect(harness.broker.pendingCount == 0)
        #expect(harness.broker.counters.workersLost == 1)
    }

    @Test func malformedWorkerMessageIsDropped() throws {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        let actions = harness.worker("w1", sends: [mdpw02, [0x09]])
        try #require(actions.count == 1)
        #expect(actions[0].droppedError?.code == .unknownCommand)
        #expect(harness.broker.counters.dropped == 1)
        // A malformed message neither purges nor refreshes the worker.
        #expect(harness.health("calc")?.workers == 1)
    }

    @Test func malformedClientMessageIsDropped() throws {
        var harness = BrokerHarness()
        let actions = harness.receiveFromClient(
            identity: bytes("c1"),
            frames: [mdpc02, [0x01]],
            now: harness.start
        )
        try #require(actions.count == 1)
        #expect(actions[0].droppedError?.code == .tooFewFrames)
        #expect(harness.broker.counters.dropped == 1)
        #expect(harness.broker.counters.requests == 0)
    }
}
