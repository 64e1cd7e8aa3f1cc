import Foundation
import Testing
import ReckonClient
import Wire
import ZeroMQ

/// Hand-written peers in the dialects met in the wild, each answered in its own form by the real gateway.
@Suite(.serialized) struct DialectEndToEndTests {
    private static let opsRequest = bytes(#"{"op":"ops","id":"d-1"}"#)

    @Test func mdp01ClientOnReqSocket() async throws {
        let stack = try await LocalStack.start(workers: [1])
        defer { stack.stop() }
        let endpoint = stack.clientEndpoint
        let reply = try await onThread { () -> [[UInt8]]? in
            let peer = try RawPeer(.req, connect: endpoint)
            try peer.send([bytes("MDPC01"), bytes("calc"), Self.opsRequest])
            return try peer.receive()
        }
        let frames = try #require(reply)
        #expect(frames.count == 3)
        #expect(frames[0] == bytes("MDPC01"))
        #expect(frames[1] == bytes("calc"))
        #expect(try JSONValue(parsing: frames[2])["id"] == "d-1")
    }

    @Test func majortomoClientGetsFinalWithoutServiceFrame() async throws {
        let stack = try await LocalStack.start(workers: [1])
        defer { stack.stop() }
        let endpoint = stack.clientEndpoint
        let reply = try await onThread { () -> [[UInt8]]? in
            let peer = try RawPeer(.dealer, connect: endpoint)
            try peer.send([[], bytes("MDPC02"), [0x02], bytes("calc"), Self.opsRequest])
            return try peer.receive()
        }
        let frames = try #require(reply)
        #expect(frames.count == 4)
        #expect(frames[0] == [])
        #expect(frames[1] == bytes("MDPC02"))
        #expect(frames[2] == [0x04])
        #expect(try JSONValue(parsing: frames[3])["ok"] == true)
    }

    @Test func rfc18ClientWithLeadingEmptyFrame() async throws {
        let stack = try await LocalStack.start(workers: [1])
        defer { stack.stop() }
        let endpoint = stack.clientEndpoint
        let reply = try await onThread { () -> [[UInt8]]? in
            let peer = try RawPeer(.req, connect: endpoint)
            try peer.send([bytes("MDPC02"), [0x01], bytes("calc"), Self.opsRequest])
            return try peer.receive()
        }
        let frames = try #require(reply)
        #expect(Array(frames.prefix(3)) == [bytes("MDPC02"), [0x03], bytes("calc")])
    }

    /// A hand-written worker with a leading empty frame and `header` serves `service`: it answers heartbeats and
    /// echoes one request back as the result.
    private func serveOneRequest(
        stack: LocalStack,
        service: String,
        header: String,
        reply: UInt8,
        heartbeat: UInt8
    ) async throws -> JSONValue {
        let workerEndpoint = stack.workerEndpoint
        async let served: Bool = onThread {
            let worker = try RawPeer(.dealer, connect: workerEndpoint)
            try worker.send([[], bytes(header), [0x01], bytes(service)])
            while let frames = try worker.receive(timeoutMs: 5000) {
                // A REQUEST is [empty, header, 0x02, address, empty, body]; anything else is a heartbeat.
                guard frames.count == 6, frames[2] == [0x02] else {
                    try worker.send([[], bytes(header), [heartbeat]])
                    continue
                }
                let request = try JSONValue(parsing: frames[5])
                let answer: JSONValue = ["ok": true, "id": request["id"] ?? nil, "result": ["echo": request]]
                try worker.send([[], bytes(header), [reply], frames[3], [], answer.serialized])
                return true
            }
            return false
        }
        try await stack.waitForWorkers(service: service, count: 1)
        let result = try await stack.client.call(service: service, op: "anything", args: ["x": 1])
        #expect(try await served)
        return result
    }

    @Test func mdp01WorkerServesRequests() async throws {
        let stack = try await LocalStack.start(workers: [])
        defer { stack.stop() }
        let result = try await serveOneRequest(
            stack: stack,
            service: "echo-01",
            header: "MDPW01",
            reply: 0x03,
            heartbeat: 0x04
        )
        #expect(result["echo"]?["op"] == "anything")
        #expect(result["echo"]?["args"]?["x"] == 1)
    }

    @Test func majortomoWorkerServesRequests() async throws {
        let stack = try await LocalStack.start(workers: [])
        defer { stack.stop() }
        let result = try await serveOneRequest(
            stack: stack,
            service: "echo-mt",
            header: "MDPW02",
            reply: 0x04,
            heartbeat: 0x05
        )
        #expect(result["echo"]?["op"] == "anything")
    }
}
