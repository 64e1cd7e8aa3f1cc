import Majordomo
import Testing

/// The broker forgets clients it need not remember and never tracks more than ``ClientLimits/maximumTracked``.
@Suite struct BrokerStateMachineClientTableTests {
    private static func harness(rate: Double, burst: Int, maximumPending: Int = 0, tracked: Int) -> BrokerHarness {
        BrokerHarness(
            BrokerConfiguration(
                heartbeatInterval: .seconds(60),
                clientLimits: ClientLimits(
                    rate: rate,
                    burst: burst,
                    maximumPending: maximumPending,
                    maximumTracked: tracked
                )
            )
        )
    }

    @Test func clientIsForgottenOnceItsBucketHasRefilled() {
        var harness = Self.harness(rate: 2, burst: 3, tracked: 10)
        _ = harness.request("c1", service: "nosuch", body: "x")
        _ = harness.tick(at: .milliseconds(250))
        #expect(harness.broker.trackedClientCount == 1)
        _ = harness.tick(at: .milliseconds(500))
        #expect(harness.broker.trackedClientCount == 0)
    }

    /// A flood of fresh routing ids between two ticks, each sending one request (every other one answered by a
    /// worker at once): the table stays within its cap, and a tick after the buckets refilled empties it.
    @Test func churningRoutingIDsKeepsTheTableBounded() {
        var harness = Self.harness(rate: 100, burst: 10, maximumPending: 4, tracked: 64)
        _ = harness.ready("w1")
        var largest = 0
        var answered: UInt64 = 0
        for client in 0..<5_000 {
            let at = Duration.microseconds(client)
            if client.isMultiple(of: 2) {
                _ = harness.request("client-\(client)", body: "x", at: at)
                answered += 1
                _ = harness.final("w1", request: answered, body: "r", at: at)
            } else {
                _ = harness.request("client-\(client)", service: "nosuch", body: "x", at: at)
            }
            largest = max(largest, harness.broker.trackedClientCount)
        }
        #expect(largest == 64)
        #expect(harness.broker.counters.replies == 2_500)
        #expect(harness.broker.counters.rateLimited + harness.broker.counters.tooManyPending == 0)
        _ = harness.tick(at: .seconds(1))
        #expect(harness.broker.trackedClientCount == 0)
    }

    /// Past the cap the idle client seen longest ago is forgotten, so it starts again with a full bucket; clients
    /// seen since keep theirs.
    @Test func fullTableForgetsTheIdleClientSeenLongestAgo() {
        var harness = Self.harness(rate: 0.001, burst: 1, tracked: 8)
        for client in 0..<9 {
            _ = harness.request("c\(client)", service: "nosuch", body: "x", at: .milliseconds(client))
        }
        #expect(harness.broker.trackedClientCount == 8)
        let later = Duration.milliseconds(20)
        #expect(
            harness.request("c0", service: "nosuch", body: "x", at: later) == [
                failure("c0", .noWorkers, service: "nosuch", body: "x")
            ]
        )
        #expect(
            harness.request("c2", service: "nosuch", body: "x", at: later)
                == [failure("c2", .rateLimited(retryAfterSeconds: 1000), service: "nosuch", body: "x")]
        )
        #expect(harness.broker.trackedClientCount <= 8)
    }

    /// Clients with requests pending are never forgotten; when they fill the table a new client is refused.
    @Test func tableFullOfPendingClientsRefusesANewOne() {
        var harness = Self.harness(rate: 0, burst: 1, maximumPending: 5, tracked: 2)
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a")
        _ = harness.request("c2", body: "b")
        #expect(harness.request("c3", body: "c") == [failure("c3", .tooManyPending, body: "c")])
        _ = harness.final("w1", request: 1, body: "r")
        #expect(harness.request("c3", body: "c") == [])
        #expect(harness.broker.trackedClientCount == 2)
    }
}
