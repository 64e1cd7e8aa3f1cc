import Majordomo
import Testing
import ZeroMQ

/// Outlier ejection (``OutlierEjection``): workers that let requests pass their deadline in a row are taken out of
/// rotation for a growing back-off, on a simulated clock.
@Suite struct BrokerStateMachineOutlierEjectionTests {
    /// Deadlines of 1 s, ejection after 2 in a row for 10 s (then 15 s at most), and heartbeats too rare to matter.
    private static func harness(
        maximumPercent: Int = 50,
        isRetryable: @escaping @Sendable (ZMQFrames) -> Bool = { _ in false }
    ) -> BrokerHarness {
        BrokerHarness(
            BrokerConfiguration(
                heartbeatInterval: .seconds(100),
                heartbeatLiveness: 10,
                defaultDeadline: .seconds(1),
                outlierEjection: OutlierEjection(
                    consecutiveDeadlines: 2,
                    baseDuration: .seconds(10),
                    maximumDuration: .seconds(15),
                    maximumPercent: maximumPercent
                ),
                isRetryable: isRetryable
            )
        )
    }

    @Test func workerLettingDeadlinesPassInARowIsEjectedAndItsUnkeyedRequestsAnsweredAtOnce() {
        var harness = Self.harness()
        _ = harness.ready("w1", capacity: 3)
        _ = harness.ready("w2")
        #expect(harness.request("c1", body: "a") == [workerRequest("w1", id: 1, body: "a")])
        #expect(harness.request("c1", body: "b") == [workerRequest("w1", id: 2, body: "b")])
        #expect(harness.request("c2", body: "c", at: .milliseconds(500)) == [workerRequest("w1", id: 3, body: "c")])
        let actions = harness.tick(at: .seconds(1))
        // "a" and "b" passed their deadline on w1; "c" had half a second left, and is answered now, not at 1.5 s.
        #expect(
            Set(actions.filter { $0.refusedError == nil }) == [
                failure("c1", .deadlineExceeded, body: "a"), failure("c1", .deadlineExceeded, body: "b"),
                failure("c2", .workerLost, body: "c"),
            ]
        )
        #expect(actions.compactMap(\.refusedError).map(\.code) == [.workerEjected])
        #expect(harness.broker.counters.workersEjected == 1)
        #expect(harness.broker.pendingCount == 0)
        // Only w2's slot is idle, and the next request goes there.
        #expect(harness.load("calc") == Load(4, 1, 0))
        #expect(harness.request("c1", body: "d", at: .seconds(2)) == [workerRequest("w2", id: 4, body: "d")])
        // w1's late reply to a request taken from it is dropped without disconnecting it.
        #expect(harness.final("w1", request: 3, body: "late", at: .seconds(2)) == [])
        #expect(harness.health("calc")?.workers == 4)
    }

    @Test func keyedRequestsOfAnEjectedWorkerGoToAnotherAtOnce() {
        var harness = Self.harness(isRetryable: { $0.arrays.first?.first == UInt8(ascii: "k") })
        _ = harness.ready("w1", capacity: 3)
        _ = harness.request("c1", body: "a")
        _ = harness.request("c1", body: "b")
        _ = harness.request("c2", body: "keyed", at: .milliseconds(500))
        _ = harness.ready("w2", at: .milliseconds(600))
        let actions = harness.tick(at: .seconds(1))
        #expect(actions.contains(workerRequest("w2", id: 3, body: "keyed")))
        #expect(harness.broker.counters.redispatched == 1)
        #expect(harness.final("w2", request: 3, body: "r", at: .milliseconds(1100)) == [clientFinal("c2", body: "r")])
    }

    @Test func aReplyInTimeResetsTheCount() {
        var harness = Self.harness()
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.request("c1", body: "a")  // to w1
        _ = harness.tick(at: .seconds(1))  // w1: one deadline passed
        _ = harness.final("w1", request: 1, body: "late", at: .milliseconds(1100))  // late: still one
        #expect(harness.request("c1", body: "b", at: .milliseconds(1200)) == [workerRequest("w2", id: 2, body: "b")])
        #expect(harness.request("c1", body: "c", at: .milliseconds(1200)) == [workerRequest("w1", id: 3, body: "c")])
        _ = harness.final("w1", request: 3, body: "r", at: .milliseconds(1300))  // in time: w1 back to none
        #expect(harness.request("c1", body: "d", at: .milliseconds(1400)) == [workerRequest("w1", id: 4, body: "d")])
        _ = harness.tick(at: .milliseconds(2400))  // "b" on w2 and "d" on w1 pass their deadline: one each
        #expect(harness.broker.counters.workersEjected == 0)
        #expect(harness.broker.counters.deadlineExceeded == 3)
    }

    @Test func aLateReplyDoesNotResetTheCount() {
        var harness = Self.harness()
        _ = harness.ready("w1")
        _ = harness.ready("w2")
        _ = harness.request("c1", body: "a")  // to w1
        _ = harness.tick(at: .seconds(1))
        _ = harness.final("w1", request: 1, body: "late", at: .milliseconds(1100))
        #expect(harness.request("c1", body: "b", at: .milliseconds(1200)) == [workerRequest("w2", id: 2, body: "b")])
        #expect(harness.request("c1", body: "c", at: .milliseconds(1200)) == [workerRequest("w1", id: 3, body: "c")])
        _ = harness.tick(at: .milliseconds(2200))
        #expect(harness.broker.counters.workersEjected == 1)
    }

    @Test func atMostHalfAServicesWorkersAreEjected() {
        var harness = Self.harness()
        _ = harness.ready("w1", capacity: 3)
        for body in ["a", "b"] { _ = harness.request("c1", body: body) }
        _ = harness.tick(at: .seconds(1))
        // The only worker stays in rotation, slow or not.
        #expect(harness.broker.counters.workersEjected == 0)
        #expect(harness.request("c1", body: "c", at: .seconds(1)) == [workerRequest("w1", id: 3, body: "c")])
        _ = harness.ready("w2", capacity: 2, at: .seconds(1))
        for body in ["d", "e"] { _ = harness.request("c1", body: body, at: .seconds(1)) }  // to w2
        _ = harness.tick(at: .seconds(2))
        // Both let theirs pass; one of the two may go.
        #expect(harness.broker.counters.workersEjected == 1)
        #expect(harness.broker.counters.deadlineExceeded == 5)
    }

    @Test func oneWorkerStaysInRotationWhateverTheShare() {
        var harness = Self.harness(maximumPercent: 100)
        _ = harness.ready("w1", capacity: 2)
        _ = harness.ready("w2", capacity: 2)
        for body in ["a", "b", "c", "d"] { _ = harness.request("c1", body: body) }  // two to each
        _ = harness.tick(at: .seconds(1))
        #expect(harness.broker.counters.workersEjected == 1)
    }

    @Test func backOffGrowsWithEachEjectionUpToItsMaximum() {
        var harness = Self.harness()
        _ = harness.ready("w1", capacity: 2)
        _ = harness.ready("w2")
        for body in ["a", "b"] { _ = harness.request("c1", body: body) }
        _ = harness.tick(at: .seconds(1))  // ejected for 10 s
        #expect(harness.load("calc")?.idle == 1)
        _ = harness.tick(at: .milliseconds(10900))
        #expect(harness.load("calc")?.idle == 1)
        _ = harness.tick(at: .seconds(11))
        #expect(harness.load("calc")?.idle == 3)
        // "c" to w2, which keeps it past its deadline, "d" and "e" to w1.
        for body in ["c", "d", "e"] { #expect(harness.request("c1", body: body, at: .seconds(11)).count == 1) }
        _ = harness.tick(at: .seconds(12))  // w1 let two pass again: ejected for 20 s, capped at 15 s
        #expect(harness.broker.counters.workersEjected == 2)
        _ = harness.tick(at: .milliseconds(26900))
        #expect(harness.load("calc")?.idle == 0)
        _ = harness.tick(at: .seconds(27))
        #expect(harness.load("calc")?.idle == 2)
    }
}
