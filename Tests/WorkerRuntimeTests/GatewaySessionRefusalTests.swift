import Testing
import ZeroMQ

@testable import WorkerRuntime

/// A worker whose READY the gateway refuses (DISCONNECT before any heartbeat or request) waits before sending READY
/// again, a second, then twice as long each time up to a minute, instead of being refused hundreds of times a
/// second; a connection the gateway registered starts the waits over.
@Suite struct GatewaySessionRefusalTests {
    @Test func refusalsWaitLongerEachTimeUpToAMinuteAndStartOverOnceRegistered() throws {
        let context = try ZMQContext()
        let router = try ZMQSocket(context: context, type: .router)
        defer { router.close() }
        try router.bind("tcp://127.0.0.1:*")
        let endpoint = try router.lastEndpoint
        let configuration = WorkerConfiguration(gatewayEndpoints: [endpoint], service: "calc")
        let now = ContinuousClock.now
        let session = GatewaySession(
            index: 0,
            endpoint: endpoint,
            context: context,
            configuration: configuration,
            now: now
        )
        defer { session.close(sayingDisconnect: false) }

        var waits: [Duration] = []
        for _ in 0..<8 {
            try session.connect(now: now)
            #expect(session.wasRefused)
            waits.append(session.refused(now: now))
            #expect(session.nextDeadline == now + waits.last!)
            #expect(!session.isConnected && session.socket == nil)
        }
        #expect(waits == [1, 2, 4, 8, 16, 32, 60, 60].map { Duration.seconds($0) })

        try session.connect(now: now)
        session.confirmRegistered()
        #expect(!session.wasRefused)
        try session.connect(now: now)
        #expect(session.refused(now: now) == .seconds(1))
    }
}
