import Majordomo
import Testing
import ZeroMQ

/// A message the I/O loop could not send to a worker (`EHOSTUNREACH`, or its queue full).
@Suite struct BrokerStateMachineUndeliverableTests {
    private static let configuration = BrokerConfiguration(
        heartbeatInterval: .seconds(60),
        defaultDeadline: .seconds(5)
    )

    /// The REQUEST frames `worker` would get for request `id`, without the identity.
    private func request(id: UInt64, body: String, dialect: WorkerDialect = .mdp02) -> WorkerMessage {
        .request(dialect: dialect, requestID: id, body: ZMQFrames([bytes(body)]))
    }

    @Test func requestThatNeverReachedItsWorkerGoesToAnotherAtOnce() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        #expect(harness.request("c1", body: "a") == [workerRequest("w1", id: 1, body: "a")])
        #expect(
            harness.undeliverable("w1", request(id: 1, body: "a"), at: .milliseconds(1))
                == [workerRequest("w2", id: 1, body: "a")]
        )
        #expect(harness.load("calc") == Load(1, 0, 0))
        #expect(harness.broker.counters.workersUnreachable == 1)
        #expect(harness.broker.counters.workersLost == 0)
        #expect(harness.final("w2", request: 1, body: "r") == [clientFinal("c1", body: "r")])
    }

    @Test func requestThatNeverReachedTheLastWorkerWaitsForTheNext() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        #expect(harness.undeliverable("w1", request(id: 1, body: "a")) == [])
        #expect(harness.load("calc") == Load(0, 0, 1))
        #expect(harness.tick(at: .milliseconds(500)) == [])
        #expect(harness.ready("w2", at: .milliseconds(600)) == [workerRequest("w2", id: 1, body: "a")])
    }

    @Test func requestInADelimitedDialectIsRecognised() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1", dialect: .mdp01)
        _ = harness.ready("w2")
        _ = harness.request("c1", body: "a")
        #expect(
            harness.undeliverable("w1", request(id: 1, body: "a", dialect: .mdp01)) == [
                workerRequest("w2", id: 1, body: "a")
            ]
        )
    }

    @Test func unreachableWorkerHoldingADeliveredRequestLosesIt() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        // A heartbeat fails after the REQUEST went out: the worker may have run it.
        #expect(harness.undeliverable("w1", .heartbeat(.mdp02)) == [failure("c1", .workerLost, body: "a")])
        #expect(harness.health("calc")?.workers == 0)
    }

    @Test func unknownWorkerIsIgnored() {
        var harness = BrokerHarness(Self.configuration)
        #expect(harness.undeliverable("stranger", .heartbeat(.mdp02)) == [])
        #expect(harness.broker.counters.workersUnreachable == 0)
    }
}
