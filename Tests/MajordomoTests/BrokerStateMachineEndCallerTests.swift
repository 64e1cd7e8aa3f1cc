import Majordomo
import Testing
import ZeroMQ

/// End callers (``EndCaller``): a client that may name them has its limits and turns kept per caller; one that may
/// not is refused for naming one. Bodies here name their caller as `for NAME` (the gateway reads JSON instead).
@Suite struct BrokerStateMachineEndCallerTests {
    private static func harness(maximumPending: Int = 0, rate: Double = 0, burst: Int = 1) -> BrokerHarness {
        BrokerHarness(
            BrokerConfiguration(
                heartbeatInterval: .seconds(60),
                defaultDeadline: .seconds(5),
                clientLimits: ClientLimits(rate: rate, burst: burst, maximumPending: maximumPending),
                endCaller: { body in
                    let text = String(decoding: body.bytes(at: 0), as: UTF8.self)
                    guard text.hasPrefix("for ") else { return .none }
                    let name = text.dropFirst(4).prefix { $0 != " " }
                    return name.isEmpty ? .invalid : .named(String(name))
                }
            )
        )
    }

    @Test func eachCallerOfABridgeHasItsOwnPendingCap() {
        var harness = Self.harness(maximumPending: 1)
        _ = harness.ready("w1")
        #expect(
            harness.request("bridge", body: "for ana 1", namesCallers: true) == [
                workerRequest("w1", id: 1, body: "for ana 1")
            ]
        )
        #expect(
            harness.request("bridge", body: "for ana 2", namesCallers: true) == [
                failure("bridge", .tooManyPending, body: "for ana 2")
            ]
        )
        #expect(harness.request("bridge", body: "for bo 1", namesCallers: true) == [])
        #expect(harness.request("bridge", body: "plain", namesCallers: true) == [])
        #expect(harness.broker.trackedClientCount == 3)
    }

    @Test func eachCallerOfABridgeHasItsOwnBucket() {
        var harness = Self.harness(rate: 1, burst: 1)
        _ = harness.ready("w1")
        _ = harness.request("bridge", body: "for ana 1", namesCallers: true)
        #expect(
            harness.request("bridge", body: "for ana 2", namesCallers: true) == [
                failure("bridge", .rateLimited(retryAfterSeconds: 1), body: "for ana 2")
            ]
        )
        #expect(harness.request("bridge", body: "for bo 1", namesCallers: true) == [])
    }

    @Test func aClientThatMayNotNameCallersIsRefusedForNamingOne() {
        var harness = Self.harness()
        _ = harness.ready("w1")
        #expect(harness.request("c1", body: "for ana 1") == [failure("c1", .callerRefused, body: "for ana 1")])
        #expect(
            harness.request("bridge", body: "for ", namesCallers: true) == [
                failure("bridge", .callerRefused, body: "for ")
            ]
        )
        #expect(harness.broker.counters.callersRefused == 2)
        #expect(harness.load("calc") == Load(1, 1, 0))
    }

    /// A caller's requests wait in a turn of their own: callers of one bridge alternate, so one with a long queue
    /// does not hold up the next.
    @Test func callersOfOneBridgeTakeTurns() {
        var harness = Self.harness()
        _ = harness.ready("w1")
        for body in ["for ana 1", "for ana 2", "for ana 3", "for bo 1"] {
            _ = harness.request("bridge", body: body, namesCallers: true)
        }
        let served = [1, 2, 4].map { id in
            harness.final("w1", request: UInt64(id), body: "r").compactMap { action -> String? in
                guard case .sendToWorker(_, let frames) = action else { return nil }
                return String(decoding: frames.last ?? [], as: UTF8.self)
            }
        }
        #expect(served == [["for ana 2"], ["for bo 1"], ["for ana 3"]])
    }

    @Test func keysOfOneNameStayApartAcrossClients() {
        let first = EndCaller.key(client: ZMQRoutingID(bytes("b1")), caller: "ana")
        let second = EndCaller.key(client: ZMQRoutingID(bytes("b2")), caller: "ana")
        #expect(first != second)
        #expect(first != ZMQRoutingID(bytes("b1")))
    }
}
