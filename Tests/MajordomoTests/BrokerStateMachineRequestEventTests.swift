import Majordomo
import Testing
import ZeroMQ

/// What the broker records of each request for its owner's spans (``RequestEvent``): nothing unless asked, and when
/// asked, each request's arrival, dispatches, loss of its worker, answer and release, in order.
@Suite struct BrokerStateMachineRequestEventTests {
    private static func configuration(recording: Bool) -> BrokerConfiguration {
        var configuration = BrokerConfiguration(heartbeatInterval: .seconds(60), isRetryable: { _ in true })
        configuration.recordsRequestEvents = recording
        return configuration
    }

    private static let body = ZMQFrames([bytes("a")])
    private static func worker(_ name: String) -> ZMQRoutingID { ZMQRoutingID(bytes(name)) }

    @Test func recordsNothingUnlessAsked() {
        var harness = BrokerHarness(Self.configuration(recording: false))
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        _ = harness.final("w1", request: 1, body: "r")
        #expect(harness.broker.takeRequestEvents().isEmpty)
    }

    @Test func aRequestArrivesIsDispatchedAnsweredAndLetGo() {
        var harness = BrokerHarness(Self.configuration(recording: true))
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        #expect(
            harness.broker.takeRequestEvents() == [
                .arrived(id: 1, service: "calc", body: Self.body),
                .dispatched(id: 1, worker: Self.worker("w1"), attempt: 0, secondCopy: false),
            ]
        )
        _ = harness.final("w1", request: 1, body: "r")
        #expect(harness.broker.takeRequestEvents() == [.forgotten(id: 1), .answered(id: 1, failure: nil)])
        #expect(harness.broker.takeRequestEvents().isEmpty)
    }

    @Test func aLostWorkersRequestIsSentAgainToAnother() {
        var harness = BrokerHarness(Self.configuration(recording: true))
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        _ = harness.broker.takeRequestEvents()
        _ = harness.disconnect("w1")
        #expect(harness.broker.takeRequestEvents() == [.sentAgain(id: 1)])
        _ = harness.ready("w2")
        #expect(
            harness.broker.takeRequestEvents() == [
                .dispatched(id: 1, worker: Self.worker("w2"), attempt: 1, secondCopy: false)
            ]
        )
    }

    @Test func aFailureTheBrokerAnswersIsRecordedWithIt() {
        var harness = BrokerHarness(Self.configuration(recording: true))
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        _ = harness.broker.takeRequestEvents()
        _ = harness.tick(at: .seconds(120))
        let events = harness.broker.takeRequestEvents()
        #expect(events.contains(.answered(id: 1, failure: .deadlineExceeded)))
    }
}
