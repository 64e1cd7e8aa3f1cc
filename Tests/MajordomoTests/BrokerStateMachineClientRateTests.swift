import Majordomo
import Testing

/// Each client's token bucket (``ClientLimits/rate``, ``ClientLimits/burst``), on the harness's simulated clock.
@Suite struct BrokerStateMachineClientRateTests {
    private static func harness(rate: Double, burst: Int) -> BrokerHarness {
        BrokerHarness(
            BrokerConfiguration(
                heartbeatInterval: .seconds(60),
                clientLimits: ClientLimits(rate: rate, burst: burst, maximumPending: 0)
            )
        )
    }

    /// A request for `nosuch` (no worker) from `client` at `offset`: `true` when admitted (answered `noWorkers`),
    /// `false` when refused for its rate; any other answer fails the test.
    private static func admitted(
        _ harness: inout BrokerHarness,
        _ client: String,
        at offset: Duration = .zero,
        retryAfter: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let actions = harness.request(client, service: "nosuch", body: "r", at: offset)
        let refused = [failure(client, .rateLimited(retryAfterSeconds: retryAfter), service: "nosuch", body: "r")]
        #expect(
            actions == [failure(client, .noWorkers, service: "nosuch", body: "r")] || actions == refused,
            sourceLocation: sourceLocation
        )
        return actions != refused
    }

    @Test func burstIsAdmittedAtOnceThenRefusedWithARetryAfter() {
        var harness = Self.harness(rate: 2, burst: 3)
        #expect((0..<3).allSatisfy { _ in Self.admitted(&harness, "c1") })
        #expect(
            harness.request("c1", service: "nosuch", body: "x")
                == [failure("c1", .rateLimited(retryAfterSeconds: 1), service: "nosuch", body: "x")]
        )
        #expect(harness.broker.counters.rateLimited == 1)
        #expect(harness.broker.counters.requests == 3)
    }

    @Test func bucketRefillsAtTheRateUpToTheBurst() {
        var harness = Self.harness(rate: 2, burst: 3)
        #expect((0..<3).allSatisfy { _ in Self.admitted(&harness, "c1") })
        #expect(!Self.admitted(&harness, "c1", at: .milliseconds(250)))
        #expect(Self.admitted(&harness, "c1", at: .milliseconds(500)))
        #expect(!Self.admitted(&harness, "c1", at: .milliseconds(500)))
        // Ten seconds refill 20 tokens, but the bucket holds 3.
        let later = Duration.seconds(10)
        #expect((0..<3).allSatisfy { _ in Self.admitted(&harness, "c1", at: later) })
        #expect(!Self.admitted(&harness, "c1", at: later))
    }

    @Test func retryAfterIsTheWholeSecondsUntilTheNextToken() {
        var harness = Self.harness(rate: 0.25, burst: 1)
        #expect(Self.admitted(&harness, "c1"))
        #expect(!Self.admitted(&harness, "c1", retryAfter: 4))
        #expect(!Self.admitted(&harness, "c1", at: .seconds(1), retryAfter: 3))
        #expect(!Self.admitted(&harness, "c1", at: .milliseconds(3500), retryAfter: 1))
        #expect(Self.admitted(&harness, "c1", at: .seconds(4)))
    }

    @Test func otherClientsKeepTheirOwnBuckets() {
        var harness = Self.harness(rate: 1, burst: 2)
        #expect(Self.admitted(&harness, "c1") && Self.admitted(&harness, "c1"))
        #expect(!Self.admitted(&harness, "c1"))
        #expect(Self.admitted(&harness, "c2") && Self.admitted(&harness, "c2"))
        #expect(harness.broker.counters.rateLimited == 1)
    }

    /// Built-in, MMI and oversized requests cost a token like any other.
    @Test func everyKindOfRequestTakesAToken() {
        var harness = Self.harness(rate: 1, burst: 3)
        #expect(
            harness.request("c1", service: "gateway", body: "g") == [
                .builtin(route: route("c1"), service: "gateway", body: [bytes("g")])
            ]
        )
        #expect(harness.request("c1", service: "mmi.service", body: "calc").count == 1)
        #expect(harness.request("c1", body: "a", tooLarge: true) == [failure("c1", .requestTooLarge, body: "a")])
        #expect(
            harness.request("c1", service: "gateway", body: "g")
                == [failure("c1", .rateLimited(retryAfterSeconds: 1), service: "gateway", body: "g")]
        )
    }

    @Test(arguments: [ClientDialect.mdp02, .mdp02Delimited, .majortomo, .mdp01])
    func refusalIsAnsweredInTheClientsDialect(dialect: ClientDialect) {
        var harness = Self.harness(rate: 1, burst: 1)
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "a", dialect: dialect)
        #expect(
            harness.request("c1", body: "b", dialect: dialect)
                == [failure("c1", .rateLimited(retryAfterSeconds: 1), body: "b", dialect: dialect)]
        )
        #expect(harness.load("calc") == Load(1, 0, 0))
    }

    @Test func zeroRateIsUnlimitedAndTracksNoClient() {
        var harness = BrokerHarness(BrokerConfiguration(clientLimits: .unlimited))
        #expect((0..<20_000).allSatisfy { _ in Self.admitted(&harness, "c1") })
        #expect(harness.broker.trackedClientCount == 0)
        #expect(harness.broker.counters.rateLimited == 0)
    }

    /// The gateway's batch sub-requests are charged to the client they are made for; other owner requests are not.
    @Test func ownerRequestsForAClientTakeItsTokens() {
        var harness = Self.harness(rate: 1, burst: 2)
        let now = harness.start
        #expect(Self.admitted(&harness, "c1"))
        let first = harness.submitOwnerRequest(
            token: 1,
            service: "nosuch",
            body: [bytes("s1")],
            deadline: nil,
            client: bytes("c1"),
            now: now
        )
        #expect(first == [.fail(origin: .owner(token: 1), service: "nosuch", failure: .noWorkers, body: [bytes("s1")])])
        let second = harness.submitOwnerRequest(
            token: 2,
            service: "nosuch",
            body: [bytes("s2")],
            deadline: nil,
            client: bytes("c1"),
            now: now
        )
        let refused = BrokerFailure.rateLimited(retryAfterSeconds: 1)
        #expect(second == [.fail(origin: .owner(token: 2), service: "nosuch", failure: refused, body: [bytes("s2")])])
        let unattributed = harness.submitOwnerRequest(
            token: 3,
            service: "nosuch",
            body: [bytes("s3")],
            deadline: nil,
            now: now
        )
        #expect(
            unattributed == [
                .fail(origin: .owner(token: 3), service: "nosuch", failure: .noWorkers, body: [bytes("s3")])
            ]
        )
        #expect(harness.broker.counters.rateLimited == 1)
    }
}
