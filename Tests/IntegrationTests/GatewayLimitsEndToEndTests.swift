import Foundation
import Testing
import Wire
import ZeroMQ

/// The gateway against peers that reuse a routing id or send messages over its size and frame limits, through a
/// real `reckon-gateway` with raw DEALER peers on loopback.
@Suite(.serialized) struct GatewayLimitsEndToEndTests {
    /// An MDP/0.2 REQUEST from a DEALER, with `extraFrames` more body frames after the JSON one.
    private static func request(service: String, _ json: String, extraFrames: Int = 0) -> [[UInt8]] {
        [bytes("MDPC02"), [0x01], bytes(service), bytes(json)] + Array(repeating: bytes("x"), count: extraFrames)
    }

    /// The JSON body of an MDP/0.2 FINAL, or `nil` when `frames` is none.
    private static func finalBody(_ frames: [[UInt8]]?) throws -> JSONValue? {
        guard let frames, frames.count == 4, frames[1] == [0x03] else { return nil }
        return try JSONValue(parsing: frames[3])
    }

    /// The second of two live DEALERs with one routing id takes it over (`ZMQ_ROUTER_HANDOVER`): its request is
    /// read and answered, where before it was never read and stayed in the gateway's memory.
    @Test func dealerReusingALiveRoutingIDIsServed() async throws {
        let stack = try await LocalStack.start(workers: [1])
        defer { stack.stop() }
        let endpoint = stack.clientEndpoint
        let (first, second) = try await onThread { () -> (JSONValue?, JSONValue?) in
            let first = try RawPeer(.dealer, connect: endpoint, routingID: bytes("reused"))
            try first.send(Self.request(service: "gateway", #"{"op":"health","id":"first"}"#))
            let firstReply = try Self.finalBody(first.receive())
            let second = try RawPeer(.dealer, connect: endpoint, routingID: bytes("reused"))
            try second.send(Self.request(service: "calc", #"{"op":"ops","id":"second"}"#))
            return (firstReply, try Self.finalBody(second.receive(timeoutMs: 10_000)))
        }
        #expect(first?["id"] == "first")
        #expect(second?["id"] == "second")
        #expect(second?["ok"] == true)
    }

    @Test func requestOverTheByteLimitGetsATypedReplyAndIsCounted() async throws {
        let stack = try await LocalStack.start(workers: [1], gatewayArguments: ["--max-message-bytes", "65536"])
        defer { stack.stop() }
        let endpoint = stack.clientEndpoint
        let reply = try await onThread { () -> JSONValue? in
            let peer = try RawPeer(.dealer, connect: endpoint)
            let pad = String(repeating: "x", count: 200_000)
            try peer.send(Self.request(service: "calc", #"{"op":"ops","id":"big","pad":"\#(pad)"}"#))
            return try Self.finalBody(peer.receive())
        }
        // The body frame is past the limit, so it is not read and its id is unknown.
        #expect(reply?["error"]?["code"] == "resource_exhausted")
        #expect(reply?["id"] == nil)
        let stats = try await stack.call("gateway", "stats")
        #expect(stats["requestsTooLarge"]?.cellInt == 1)
        // Still serving (a small reply: `ops`, with its examples, is over this stack's 64 KiB).
        #expect(try await stack.call("calc", "evaluate", ["expression": "1+1"])["value"] == "2")
    }

    @Test func requestOverTheFrameLimitGetsATypedReply() async throws {
        let stack = try await LocalStack.start(workers: [1])
        defer { stack.stop() }
        let endpoint = stack.clientEndpoint
        let reply = try await onThread { () -> JSONValue? in
            let peer = try RawPeer(.dealer, connect: endpoint)
            try peer.send(Self.request(service: "calc", #"{"op":"ops","id":"many"}"#, extraFrames: 10_000))
            return try Self.finalBody(peer.receive())
        }
        #expect(reply?["error"]?["code"] == "resource_exhausted")
        #expect(reply?["id"] == "many")
        let stats = try await stack.call("gateway", "stats")
        #expect(stats["requestsTooLarge"]?.cellInt == 1)
        #expect(stats["requests"]?.cellInt == 0)
    }

    /// A worker's FINAL over the frame limit never reaches the client, which gets `internal` instead. Liveness 20
    /// (5 s) keeps the raw worker registered on a loaded machine.
    @Test func workersReplyOverTheFrameLimitIsDroppedAndItsClientAnswered() async throws {
        let stack = try await LocalStack.start(
            workers: [1],
            liveness: 20,
            gatewayArguments: ["--max-message-frames", "16"]
        )
        defer { stack.stop() }
        let workerEndpoint = stack.workerEndpoint
        async let replied = onThread { () -> Bool in
            let worker = try RawPeer(.dealer, connect: workerEndpoint)
            try worker.send([bytes("MDPW02"), [0x01], bytes("raw")])
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline {
                try worker.send([bytes("MDPW02"), [0x05]])
                guard let frames = try worker.receive(timeoutMs: 200), frames.count >= 4, frames[1] == [0x02] else {
                    continue
                }
                let body = Array(repeating: bytes(#"{"ok":true,"result":{}}"#), count: 1000)
                try worker.send([bytes("MDPW02"), [0x04], frames[2], []] + body)
                return true
            }
            return false
        }
        try await stack.waitForWorkers(service: "raw", count: 1)
        let error = await #expect(throws: WireError.self) { try await stack.call("raw", "anything") }
        #expect(error?.code == .internal)
        #expect(try await replied)
        let stats = try await stack.call("gateway", "stats")
        #expect(stats["repliesTooLarge"]?.cellInt == 1)
    }
}
