import NIOCore
import NIOEmbedded
import Testing

@testable import LoopClient

/// ZMTP 3 as ``LoopClient`` reads it: the greeting, commands and multipart messages, cut at any byte, and the
/// limits that keep a garbage peer from making it buffer without bound.
@Suite struct ZMTPDecoderTests {
    /// A channel with the decoder, fed `bytes` in pieces of `piece` bytes; returns what came out.
    private func decode(_ bytes: [UInt8], piece: Int, decoder: ZMTPDecoder = ZMTPDecoder()) throws -> [ZMTPInbound] {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(decoder))
        var index = 0
        while index < bytes.count {
            let end = min(index + piece, bytes.count)
            try channel.writeInbound(ByteBuffer(bytes: bytes[index..<end]))
            index = end
        }
        var out: [ZMTPInbound] = []
        while let next = try channel.readInbound(as: ZMTPInbound.self) { out.append(next) }
        _ = try? channel.finish()
        return out
    }

    private func routerGreeting(major: UInt8 = 3, mechanism: String = "NULL") -> [UInt8] {
        var bytes: [UInt8] = [0xFF] + Array(repeating: 0, count: 8) + [0x7F, major, 0]
        bytes += Array(mechanism.utf8) + Array(repeating: 0, count: 20 - mechanism.utf8.count)
        return bytes + Array(repeating: 0, count: 32)
    }

    private func message(_ frames: [[UInt8]]) -> [UInt8] {
        var buffer = ByteBuffer()
        ZMTPFrames.write(message: frames, into: &buffer)
        return Array(buffer.readableBytesView)
    }

    @Test(arguments: [1, 3, 64, 10_000])
    func aStreamCutAnywhereGivesTheSameGreetingCommandsAndMessages(piece: Int) throws {
        let long = [UInt8](repeating: 7, count: 300)
        let ready = ZMTPFrames.command(
            [5] + Array("READY".utf8) + [11] + Array("Socket-Type".utf8) + [0, 0, 0, 6]
                + Array("ROUTER".utf8)
        )
        let stream = routerGreeting() + ready + message([[1, 2], [], long]) + message([[9]])
        let out = try decode(stream, piece: piece)
        #expect(out.count == 4)
        guard out.count == 4, case .greeting(let greeting) = out[0], case .command(let name, let properties) = out[1],
            case .message(let first) = out[2], case .message(let second) = out[3]
        else { return }
        try ZMTPHandshake.checkGreeting(greeting)
        #expect(name == "READY")
        try ZMTPHandshake.checkReady(properties)
        #expect(first.map { Array($0.readableBytesView) } == [[1, 2], [], long])
        #expect(second.map { Array($0.readableBytesView) } == [[9]])
    }

    @Test func aPeerThatIsNoNullZMTP3RouterIsRefused() throws {
        for greeting in [
            routerGreeting(major: 2), routerGreeting(mechanism: "CURVE"), Array(repeating: 0x41, count: 64),
        ] {
            #expect(throws: ZMTPError.self) { try ZMTPHandshake.checkGreeting(ByteBuffer(bytes: greeting)) }
        }
        let dealer = [11] + Array("Socket-Type".utf8) + [0, 0, 0, 6] + Array("DEALER".utf8)
        #expect(throws: ZMTPError.self) { try ZMTPHandshake.checkReady(ByteBuffer(bytes: dealer)) }
        #expect(throws: ZMTPError.self) { try ZMTPHandshake.checkReady(ByteBuffer(bytes: [200, 1, 2])) }
    }

    @Test func framesPastTheLimitsEndTheSession() throws {
        let small = ZMTPDecoder(maxFrameBytes: 100, maxFrames: 3)
        #expect(throws: ZMTPError.self) {
            try decode(routerGreeting() + message([Array(repeating: 0, count: 101)]), piece: 1_000, decoder: small)
        }
        #expect(throws: ZMTPError.self) {
            try decode(routerGreeting() + message([[1], [2], [3], [4]]), piece: 1_000, decoder: small)
        }
        // A long frame's size is read before its bytes: 2^63 bytes announced is refused at once.
        let huge: [UInt8] = [ZMTPFrames.long, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        #expect(throws: ZMTPError.self) { try decode(routerGreeting() + huge, piece: 1_000) }
    }

    @Test func ourGreetingAndReadyAreWhatLibzmqExpects() {
        #expect(ZMTPHandshake.greeting.count == 64)
        #expect(ZMTPHandshake.greeting.prefix(12) == [0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0x7F, 3, 1])
        #expect(Array(ZMTPHandshake.greeting[12..<16]) == Array("NULL".utf8))
        #expect(
            ZMTPHandshake.ready == [0x04, 28, 5] + Array("READY".utf8) + [11] + Array("Socket-Type".utf8)
                + [0, 0, 0, 6] + Array("DEALER".utf8)
        )
    }

    @Test func endpointsParseAsNIOConnectsToThem() throws {
        #expect(try GatewayAddress(parsing: "tcp://127.0.0.1:5555") == .tcp(host: "127.0.0.1", port: 5555))
        #expect(try GatewayAddress(parsing: "tcp://gateway-2:5555") == .tcp(host: "gateway-2", port: 5555))
        #expect(try GatewayAddress(parsing: "tcp://[::1]:5555") == .tcp(host: "::1", port: 5555))
        #expect(try GatewayAddress(parsing: "ipc:///tmp/gw.sock") == .unix(path: "/tmp/gw.sock"))
        for bad in ["tcp://*:5555", "tcp://host", "tcp://host:0", "inproc://x", "udp://h:1", "tcp://:5"] {
            #expect(throws: ZMTPError.self) { try GatewayAddress(parsing: bad) }
        }
    }
}
