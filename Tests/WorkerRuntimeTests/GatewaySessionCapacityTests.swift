import Testing
import ZeroMQ

@testable import WorkerRuntime

/// What a ``GatewaySession`` tells a gateway (a ROUTER played by the test) of its capacity: READY with its slots,
/// one less for each op stuck past its deadline (DISCONNECT when none is left, READY again on a new connection when
/// one comes back), and 0 when it drains.
@Suite struct GatewaySessionCapacityTests {
    /// The next message's command and, for a READY, its capacity frame.
    private static func next(_ router: ZMQSocket) throws -> (identity: [UInt8], command: UInt8, capacity: String?) {
        let frames = try #require(try router.receive())
        #expect(frames.count >= 3 && frames[1] == Array("MDPW02".utf8))
        let capacity = frames.count == 5 ? String(decoding: frames[4], as: UTF8.self) : nil
        return (frames[0], frames[2].first ?? 0, capacity)
    }

    @Test func capacityFollowsStuckOpsAndTheDrain() throws {
        let context = try ZMQContext()
        let router = try ZMQSocket(context: context, type: .router)
        defer { router.close() }
        try router.setReceiveTimeout(milliseconds: 5000)
        try router.bind("tcp://127.0.0.1:*")
        let configuration = WorkerConfiguration(gatewayEndpoints: [try router.lastEndpoint], service: "calc", slots: 2)
        let now = ContinuousClock.now
        let session = GatewaySession(
            index: 0,
            endpoint: try router.lastEndpoint,
            context: context,
            configuration: configuration,
            now: now
        )
        defer { session.close(sayingDisconnect: false) }

        try session.connect(now: now)
        let first = try Self.next(router)
        #expect(first.command == 0x01 && first.capacity == "2")
        session.opStuck(now: now)
        #expect(try Self.next(router).capacity == "1")
        session.opStuck(now: now)
        #expect(try Self.next(router).command == 0x06)
        #expect(session.isParked && session.socket == nil)

        try session.stuckOpEnded(now: now)
        let second = try Self.next(router)
        #expect(second.command == 0x01 && second.capacity == "1" && second.identity != first.identity)
        try session.stuckOpEnded(now: now)
        #expect(try Self.next(router).capacity == "2")
        session.startDraining(now: now)
        #expect(try Self.next(router).capacity == "0")
        withExtendedLifetime(context) {}
    }
}
