import Majordomo
import Testing

/// How long a service outlives its last worker, and how many services may exist at once.
@Suite struct BrokerStateMachineServiceLifetimeTests {
    private static let configuration = BrokerConfiguration(
        heartbeatInterval: .seconds(60),
        defaultDeadline: .seconds(5),
        maximumServices: 3,
        serviceGracePeriod: .seconds(1)
    )

    // MARK: - Forgetting

    @Test func serviceIsForgottenOneGracePeriodAfterItsLastWorkerLeft() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1")
        _ = harness.disconnect("w1", at: .seconds(2))
        #expect(harness.tick(at: .milliseconds(2900)) == [])
        #expect(harness.load("calc") == Load(0, 0, 0))
        #expect(harness.tick(at: .seconds(3)) == [])
        #expect(harness.health("calc") == nil)
        #expect(harness.broker.counters.servicesForgotten == 1)
    }

    @Test func readyAndDisconnectUnderFreshNamesLeaveNoNameBehind() {
        var harness = BrokerHarness(Self.configuration)
        // One name a second: each is forgotten before the next, so the limit of 3 is never reached.
        for round in 0..<1000 {
            let at = Duration.seconds(round)
            #expect(harness.ready("w\(round)", service: "name-\(round)", at: at) == [])
            _ = harness.disconnect("w\(round)", at: at)
            _ = harness.tick(at: at)
        }
        #expect(harness.broker.counters.servicesRefused == 0)
        _ = harness.tick(at: .seconds(1000))
        #expect(harness.broker.health.isEmpty)
        #expect(harness.broker.counters.servicesForgotten == 1000)
    }

    @Test func serviceWithAWorkerIsNeverForgotten() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.disconnect("w1")
        _ = harness.tick(at: .seconds(10))
        #expect(harness.load("calc") == Load(1, 1, 0))
    }

    // MARK: - Requests while the last worker is gone

    @Test func requestQueuedWhenTheLastWorkerLeftFailsWhenTheGracePeriodEnds() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1")
        _ = harness.disconnect("w1")
        #expect(harness.request("c1", body: "a", at: .milliseconds(500)) == [])
        #expect(harness.tick(at: .milliseconds(900)) == [])
        #expect(harness.tick(at: .seconds(1)) == [failure("c1", .noWorkers, body: "a")])
        #expect(harness.broker.pendingCount == 0)
        #expect(harness.broker.counters.noWorkers == 1)
    }

    @Test func requestAfterTheGracePeriodIsAnsweredAtOnce() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1")
        _ = harness.disconnect("w1")
        _ = harness.tick(at: .seconds(1))
        #expect(harness.request("c1", body: "a", at: .seconds(2)) == [failure("c1", .noWorkers, body: "a")])
    }

    @Test func workerBackWithinTheGracePeriodServesTheQueue() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1")
        _ = harness.disconnect("w1")
        _ = harness.request("c1", body: "a", at: .milliseconds(200))
        #expect(harness.ready("w2", at: .milliseconds(600)) == [workerRequest("w2", id: 1, body: "a")])
        #expect(harness.tick(at: .seconds(2)) == [])
        #expect(harness.final("w2", request: 1, body: "r", at: .seconds(2)) == [clientFinal("c1", body: "r")])
    }

    // MARK: - Service limit

    @Test func readyForANewNameBeyondTheLimitIsRefusedAndCounted() {
        var harness = BrokerHarness(Self.configuration)
        _ = harness.ready("w1", service: "a")
        _ = harness.ready("w2", service: "b")
        _ = harness.ready("w3", service: "c")
        let refused = harness.ready("w4", service: "d")
        #expect(refused.count == 2)
        #expect(refused.first?.refusedError?.code == .tooManyServices)
        #expect(refused.last == workerDisconnect("w4"))
        #expect(harness.broker.counters.servicesRefused == 1)
        #expect(harness.health("d") == nil)
        // A known name still takes more workers, and a forgotten one frees its place.
        #expect(harness.ready("w5", service: "a") == [])
        #expect(harness.load("a") == Load(2, 2, 0))
        _ = harness.disconnect("w3")
        _ = harness.tick(at: .seconds(1))
        #expect(harness.ready("w6", service: "d", at: .seconds(1)) == [])
        #expect(harness.load("d") == Load(1, 1, 0))
    }
}
