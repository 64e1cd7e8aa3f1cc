import Gateway
import Majordomo
import Testing
import Wire
import ZeroMQ

/// End callers through the gateway: only a client key marked `bridge` may name them (the JSON envelope's `caller`),
/// a `batch` passes its caller on to every sub-request, and a caller written with escapes is still seen.
@Suite struct GatewayEndCallerTests {
    private static let bridgeKey = try! CurveKeyPair.generate().publicKey
    private static let otherKey = try! CurveKeyPair.generate().publicKey

    private struct Stack {
        var core: GatewayCore
        var outputs: [GatewayOutput] = []

        init(lists: AllowLists) {
            core = GatewayCore(configuration: GatewayConfiguration(), allowLists: lists, now: .now)
            core.receiveFromWorker(
                ZMQFrames([Array("w1".utf8), Array("MDPW02".utf8), [0x01], Array("calc".utf8)]),
                now: .now,
                into: &outputs
            )
            outputs = []
        }

        /// Sends `body` to `service` as `key`, and returns what the gateway did.
        mutating func send(_ body: String, service: String = "calc", key: CurveKey?) -> [GatewayOutput] {
            outputs = []
            let frames = [Array("c1".utf8), Array("MDPC02".utf8), [0x01], Array(service.utf8), Array(body.utf8)]
            core.receiveFromClient(ZMQFrames(frames), userID: key?.z85, now: .now, into: &outputs)
            return outputs
        }
    }

    private static func lists() throws -> AllowLists {
        let text = "\(bridgeKey.z85) bridge  # reckon-http\n\(otherKey.z85) pending=5"
        return AllowLists(clients: try AllowList(parsing: text, kind: .clients, source: "c"))
    }

    /// The error a client was answered with, if that is what happened.
    private static func error(_ outputs: [GatewayOutput]) -> WireError? {
        guard case .toClient(_, let message)? = outputs.first,
            let reply = try? JSONValue(parsing: message.body.bytes(at: 0))
        else { return nil }
        return reply["error"].flatMap { try? JSONValueDecoder.decode(WireError.self, from: $0) }
    }

    /// The body the worker was sent, if the request reached it.
    private static func forwarded(_ outputs: [GatewayOutput]) -> [JSONValue] {
        outputs.compactMap { output in
            guard case .toWorker(_, .request(_, _, let body)) = output else { return nil }
            return try? JSONValue(parsing: body.bytes(at: 0))
        }
    }

    @Test func onlyABridgeKeyMayNameACaller() throws {
        var stack = Stack(lists: try Self.lists())
        let body = #"{"caller":"address:203.0.113.9","op":"evaluate","args":{"expression":"1"}}"#
        let refused = Self.error(stack.send(body, key: Self.otherKey))
        #expect(refused?.code == .invalidArgument && refused?.field == "caller")
        let escaped = #"{"op":"evaluate","call\u0065r":"address:1.2.3.4"}"#
        #expect(Self.error(stack.send(escaped, key: Self.otherKey))?.field == "caller")
        #expect(Self.forwarded(stack.send(body, key: Self.bridgeKey)).first?["caller"]?.stringValue != nil)
        #expect(stack.send(#"{"op":"evaluate"}"#, key: Self.otherKey).isEmpty, "queued behind the bridge's request")
        #expect(stack.core.counters.callersRefused == 2)
    }

    @Test func aCallerThatIsNoShortStringIsRefusedEvenFromABridge() throws {
        var stack = Stack(lists: try Self.lists())
        #expect(Self.error(stack.send(#"{"caller":7,"op":"evaluate"}"#, key: Self.bridgeKey))?.field == "caller")
        let long = String(repeating: "a", count: 256)
        #expect(Self.error(stack.send(#"{"caller":"\#(long)","op":"x"}"#, key: Self.bridgeKey))?.field == "caller")
    }

    @Test func withoutAClientAllowListAnyClientMayNameACaller() {
        var stack = Stack(lists: AllowLists())
        let forwarded = Self.forwarded(stack.send(#"{"caller":"user:u1","op":"evaluate"}"#, key: nil))
        #expect(forwarded.first?["caller"]?.stringValue == "user:u1")
    }

    @Test func aBatchNamesItsCallerInEverySubRequest() throws {
        var stack = Stack(lists: try Self.lists())
        let batch = #"""
            {"caller":"address:203.0.113.9","op":"batch","args":{"requests":[
            {"service":"calc","op":"evaluate","args":{"expression":"1"}},
            {"service":"calc","op":"evaluate","caller":"user:forged","args":{"expression":"2"}}]}}
            """#
        let sent = Self.forwarded(stack.send(batch, service: "gateway", key: Self.bridgeKey))
        #expect(sent.count == 1, "one worker, one slot: the second waits")
        #expect(sent.first?["caller"]?.stringValue == "address:203.0.113.9")
        #expect(
            sent.first?.objectValue?.members.first?.key == "caller",
            "named first, so the gateway's scan stops at once"
        )
    }
}
