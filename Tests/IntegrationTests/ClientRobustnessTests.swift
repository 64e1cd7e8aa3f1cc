import Foundation
import ReckonClient
import Testing
import Wire
import ZeroMQ

/// `ReckonClient` when no gateway will talk to it: every call still ends on time.
@Suite struct ClientRobustnessTests {
    /// A plain-text client meeting a CURVE gateway fails the handshake with a protocol error, after which libzmq drops
    /// the connection for good and a blocking send on the client's DEALER would wait forever; calls must still time
    /// out one after another.
    @Test func callsTimeOutWhenTheHandshakeFails() async throws {
        let context = try ZMQContext()
        let server = try ZMQSocket(context: context, type: .router)
        defer { server.close() }
        try server.makeCurveServer(secretKey: try CurveKeyPair.generate().secretKey)
        // A port the kernel picks: nothing can take it between choosing and binding.
        try server.bind("tcp://127.0.0.1:*")
        let endpoint = try server.lastEndpoint
        let client = try ReckonClient(configuration: .init(endpoint: endpoint, timeout: .milliseconds(300)))
        defer { client.close() }
        let outcomes = try await withThrowingTaskGroup(of: [WireError.Code?].self) { group in
            group.addTask {
                var codes: [WireError.Code?] = []
                for _ in 0..<5 where !Task.isCancelled {
                    let result = await capture { try await client.call(service: "calc", op: "ops") }
                    codes.append((result.failure as? WireError)?.code)
                }
                return codes
            }
            // Bounds the test: a client blocked in a send never times its calls out.
            group.addTask {
                try await Task.sleep(for: .seconds(20))
                return []
            }
            let first = try await group.next() ?? []
            group.cancelAll()
            return first
        }
        #expect(outcomes == Array(repeating: .deadlineExceeded, count: 5))
        withExtendedLifetime(context) {}
    }
}
