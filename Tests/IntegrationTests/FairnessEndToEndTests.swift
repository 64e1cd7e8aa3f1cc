import Majordomo
import Testing
import ZeroMQ

/// Fairness between clients through a real gateway (``BrokerStateMachineFairnessTests`` covers its rules).
@Suite struct FairnessEndToEndTests {
    /// A flooding client queues 200 requests behind the one a gated worker of capacity 1 holds, then a correct client
    /// queues one. Once the gate opens, the worker's third request is the correct client's (the flood's turn began
    /// first), not its 201st, and the correct client gets its answer.
    @Test func aFloodDoesNotStandInFrontOfAnotherClientsRequest() async throws {
        let stack = try await LocalStack.start(workers: [])
        defer { stack.stop() }
        let worker = GatedEchoWorker(
            endpoint: stack.workerEndpoint,
            service: "calc",
            heartbeat: .milliseconds(stack.heartbeatMs)
        )
        try await stack.waitForWorkers(service: "calc", count: 1)
        let flood = 200
        let endpoint = stack.clientEndpoint
        try await onThread {
            let flooder = try RawPeer(.dealer, connect: endpoint)
            for index in 0..<flood {
                try flooder.send(PeerCodec.encodeClientRequest(service: "calc", body: bytes("flood \(index)")))
            }
        }
        try await stack.waitForQueue(service: "calc", depth: flood - 1)
        async let answer = onThread {
            let client = try RawPeer(.dealer, connect: endpoint)
            try client.send(PeerCodec.encodeClientRequest(service: "calc", body: bytes("correct")))
            return try client.receive(timeoutMs: 60_000)
        }
        try await stack.waitForQueue(service: "calc", depth: flood)
        worker.open()
        let reply = try await answer.map { try PeerCodec.decodeClientReply(ZMQFrames($0)) }
        #expect(reply?.body.arrays == [bytes("correct")])
        #expect(Array(worker.served.prefix(3)) == ["flood 0", "flood 1", "correct"])
        try await worker.stop()
    }
}
