import Majordomo
import Testing
import ZeroMQ

/// Heartbeats, worker expiry, re-dispatch and deadlines, on a simulated clock.
@Suite struct BrokerStateMachineTimerTests {
    // MARK: - Heartbeats

    @Test func heartbeatsEveryInterval() {
        var harness = BrokerHarness(BrokerConfiguration(heartbeatInterval: .seconds(1), heartbeatLiveness: 100))
        _ = harness.ready("w1")
        #expect(harness.tick(at: .milliseconds(999)) == [])
        #expect(harness.tick(at: .seconds(1)) == [workerHeartbeat("w1")])
        #expect(harness.tick(at: .milliseconds(1500)) == [])
        #expect(harness.tick(at: .milliseconds(1999)) == [])
        #expect(harness.tick(at: .seconds(2)) == [workerHeartbeat("w1")])
    }

    @Test func heartbeatsEveryWorkerInItsDialectBusyOrIdle() {
        var harness = BrokerHarness(BrokerConfiguration(heartbeatLiveness: 100))
        _ = harness.ready("w1", dialect: .mdp02)
        _ = harness.ready("w2", dialect: .mdp02Delimited)
        _ = harness.ready("w3", service: "orders", dialect: .mdp01)
        _ = harness.request("c1", body: "a")
        let actions = harness.tick(at: .seconds(1))
        #expect(actions.count == 3)
        #expect(
            Set(actions) == [
                workerHeartbeat("w1"), workerHeartbeat("w2", dialect: .mdp02Delimited),
                workerHeartbeat("w3", dialect: .mdp01),
            ]
        )
    }

    @Test func tickIntervalIsATenthOfTheHeartbeatAtMost100Milliseconds() {
        #expect(BrokerStateMachine(configuration: .init(), now: .now).tickInterval == .milliseconds(100))
        let fast = BrokerConfiguration(heartbeatInterval: .milliseconds(500))
        #expect(BrokerStateMachine(configuration: fast, now: .now).tickInterval == .milliseconds(50))
    }

    // MARK: - Expiry

    @Test func silentWorkerExpiresAfterLivenessTimesInterval() {
        var harness = BrokerHarness(BrokerConfiguration(heartbeatInterval: .seconds(1), heartbeatLiveness: 3))
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        #expect(harness.tick(at: .seconds(1)).count == 2)
        #expect(harness.heartbeat("w2", at: .seconds(2)) == [])
        #expect(harness.tick(at: .seconds(2)).count == 2)
        #expect(harness.tick(at: .milliseconds(2999)) == [])
        // w1 has been silent for 3 s; w2 spoke at 2 s.
        #expect(harness.tick(at: .seconds(3)) == [workerHeartbeat("w2")])
        #expect(harness.load("calc") == Load(1, 1, 0))
        #expect(harness.broker.counters.workersExpired == 1)
        #expect(harness.tick(at: .seconds(5)) == [])
        #expect(harness.health("calc")?.workers == 0)
    }

    @Test func anyMessageFromAWorkerKeepsItAlive() {
        var harness = BrokerHarness(BrokerConfiguration(heartbeatInterval: .seconds(1), heartbeatLiveness: 3))
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        #expect(harness.partial("w1", request: 1, body: "p", at: .milliseconds(2500)).count == 1)
        _ = harness.tick(at: .seconds(3))
        #expect(harness.health("calc")?.workers == 1)
        #expect(harness.final("w1", request: 1, body: "r", at: .milliseconds(5400)) == [clientFinal("c1", body: "r")])
    }

    @Test func expiredWorkersRequestFailsAsWorkerLost() {
        var harness = BrokerHarness(
            BrokerConfiguration(heartbeatInterval: .seconds(1), heartbeatLiveness: 3, defaultDeadline: .seconds(60))
        )
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        #expect(harness.tick(at: .seconds(3)) == [failure("c1", .workerLost, body: "a")])
        #expect(harness.broker.pendingCount == 0)
        #expect(harness.broker.counters.workersLost == 1)
        // Its late FINAL finds a stranger.
        #expect(harness.final("w1", request: 1, body: "late", at: .seconds(4)) == [workerDisconnect("w1")])
    }

    // MARK: - Re-dispatch

    @Test func retryableRequestIsRedispatchedOnceThenFails() {
        let configuration = BrokerConfiguration(
            heartbeatInterval: .seconds(1),
            heartbeatLiveness: 3,
            defaultDeadline: .seconds(60),
            isRetryable: { _ in true }
        )
        var harness = BrokerHarness(configuration)
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        #expect(harness.request("c1", body: "a") == [workerRequest("w1", id: 1, body: "a")])
        #expect(harness.heartbeat("w2", at: .seconds(2)) == [])
        // w1 expires; its request goes to w2 before w2's heartbeat.
        #expect(harness.tick(at: .seconds(3)) == [workerRequest("w2", id: 1, body: "a"), workerHeartbeat("w2")])
        #expect(harness.broker.counters.redispatched == 1)
        // w2 dies too: the second loss fails the request.
        #expect(harness.tick(at: .seconds(5)) == [failure("c1", .workerLost, body: "a")])
        #expect(harness.broker.pendingCount == 0)
    }

    @Test func redispatchSkipsWorkersExpiringInTheSameTick() {
        var harness = BrokerHarness(BrokerConfiguration(defaultDeadline: .seconds(60), isRetryable: { _ in true }))
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        #expect(harness.request("c1", body: "a") == [workerRequest("w1", id: 1, body: "a")])
        // Both fall silent: the request must wait for a live worker instead of going to w2 and losing its retry.
        #expect(harness.tick(at: .seconds(3)) == [])
        #expect(harness.broker.counters.workersExpired == 2)
        #expect(harness.ready("w3", at: .seconds(4)) == [workerRequest("w3", id: 1, body: "a")])
    }

    @Test func retryableRequestWaitsForTheNextWorker() {
        var harness = BrokerHarness(BrokerConfiguration(isRetryable: { _ in true }))
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        #expect(harness.disconnect("w1") == [])
        #expect(harness.health("calc")?.queued == 1)
        #expect(harness.ready("w2") == [workerRequest("w2", id: 1, body: "a")])
        #expect(harness.final("w2", request: 1, body: "r") == [clientFinal("c1", body: "r")])
    }

    @Test func redispatchedRequestGoesAheadOfTheQueue() {
        var harness = BrokerHarness(BrokerConfiguration(isRetryable: { _ in true }))
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        _ = harness.request("c2", body: "b")
        #expect(harness.disconnect("w1") == [])
        #expect(harness.ready("w2") == [workerRequest("w2", id: 1, body: "a")])
    }

    @Test func isRetryableDecidesFromTheBody() {
        let configuration = BrokerConfiguration(isRetryable: { body in body.arrays.first == bytes("retry me") })
        var harness = BrokerHarness(configuration)
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.ready("w3")
        #expect(harness.request("c1", body: "retry me") == [workerRequest("w1", id: 1, body: "retry me")])
        #expect(harness.request("c2", body: "not me") == [workerRequest("w2", id: 2, body: "not me")])
        #expect(harness.disconnect("w1") == [workerRequest("w3", id: 1, body: "retry me")])
        #expect(harness.disconnect("w2") == [failure("c2", .workerLost, body: "not me")])
    }

    // MARK: - Deadlines

    @Test func queuedRequestPastItsDeadlineFails() {
        var harness = BrokerHarness(BrokerConfiguration(heartbeatInterval: .seconds(60)))
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        let queued = harness.submitOwnerRequest(
            token: 9,
            service: "calc",
            body: [bytes("b")],
            deadline: harness.start + .seconds(1),
            now: harness.start
        )
        #expect(queued == [])
        #expect(harness.tick(at: .milliseconds(999)) == [])
        #expect(
            harness.tick(at: .seconds(1))
                == [.fail(origin: .owner(token: 9), service: "calc", failure: .deadlineExceeded, body: [bytes("b")])]
        )
        #expect(harness.health("calc")?.queued == 0)
        #expect(harness.broker.counters.deadlineExceeded == 1)
        // When w1 is done, the expired request is not dispatched.
        #expect(harness.final("w1", request: 1, body: "r", at: .seconds(2)) == [clientFinal("c1", body: "r")])
        #expect(harness.broker.pendingCount == 0)
    }

    @Test func queuedRequestOfAServiceWithoutWorkersFailsAsNoWorkers() {
        // A grace period longer than the deadline, so the deadline is what answers.
        var harness = BrokerHarness(
            BrokerConfiguration(
                heartbeatInterval: .seconds(60),
                defaultDeadline: .seconds(2),
                serviceGracePeriod: .seconds(10)
            )
        )
        _ = harness.ready("w1")
        _ = harness.disconnect("w1")
        #expect(harness.request("c1", body: "a") == [])
        #expect(harness.tick(at: .seconds(2)) == [failure("c1", .noWorkers, body: "a")])
        #expect(harness.health("calc")?.queued == 0)
        #expect(harness.broker.pendingCount == 0)
    }

    @Test func inFlightDeadlineAnswersOnceAndDropsTheLateFinal() {
        var harness = BrokerHarness(BrokerConfiguration(heartbeatInterval: .seconds(60), defaultDeadline: .seconds(5)))
        _ = harness.ready("w1")
        #expect(harness.request("c1", body: "a") == [workerRequest("w1", id: 1, body: "a")])
        #expect(harness.request("c2", body: "b", at: .seconds(1)) == [])
        #expect(harness.tick(at: .seconds(5)) == [failure("c1", .deadlineExceeded, body: "a")])
        #expect(harness.tick(at: .milliseconds(5100)) == [])
        // The worker still holds the request: its PARTIAL and FINAL go nowhere, then it takes the next one.
        #expect(harness.partial("w1", request: 1, body: "p", at: .milliseconds(5200)) == [])
        #expect(
            harness.final("w1", request: 1, body: "late", at: .milliseconds(5500)) == [
                workerRequest("w1", id: 2, body: "b")
            ]
        )
        #expect(harness.broker.counters.replies == 0)
        #expect(harness.final("w1", request: 2, body: "rb", at: .seconds(6)) == [clientFinal("c2", body: "rb")])
        #expect(harness.health("calc")?.idle == 1)
    }

    @Test func workerLostAfterItsRequestTimedOutFailsNothingTwice() {
        var harness = BrokerHarness(
            BrokerConfiguration(
                heartbeatInterval: .seconds(60),
                defaultDeadline: .seconds(5),
                isRetryable: { _ in true }
            )
        )
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.request("c1", body: "a")
        #expect(harness.tick(at: .seconds(5)) == [failure("c1", .deadlineExceeded, body: "a")])
        #expect(harness.disconnect("w1", at: .seconds(6)) == [])
        #expect(harness.broker.pendingCount == 0)
    }

    @Test func serviceDeadlineOverridesTheDefault() {
        let configuration = BrokerConfiguration(
            heartbeatInterval: .seconds(60),
            defaultDeadline: .seconds(5),
            serviceDeadlines: ["slow": .seconds(10)]
        )
        var harness = BrokerHarness(configuration)
        _ = harness.ready("w1", service: "slow")
        _ = harness.request("c1", service: "slow", body: "a")
        #expect(harness.tick(at: .seconds(5)) == [])
        #expect(harness.tick(at: .seconds(10)) == [failure("c1", .deadlineExceeded, service: "slow", body: "a")])
    }

    @Test func ownerDeadlineLaterThanTheServicesIsCapped() {
        var harness = BrokerHarness(BrokerConfiguration(heartbeatInterval: .seconds(60), defaultDeadline: .seconds(5)))
        _ = harness.ready("w1")
        _ = harness.submitOwnerRequest(
            token: 1,
            service: "calc",
            body: [bytes("a")],
            deadline: harness.start + .seconds(30),
            now: harness.start
        )
        #expect(
            harness.tick(at: .seconds(5))
                == [.fail(origin: .owner(token: 1), service: "calc", failure: .deadlineExceeded, body: [bytes("a")])]
        )
    }
}
