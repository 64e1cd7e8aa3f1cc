import Majordomo
import Testing
import ZeroMQ

@Suite struct PeerCodecTests {
    static let address: [UInt8] = [0, 0, 0, 0, 0, 0, 1, 0]

    // MARK: - Client side

    @Test func clientRequestIsRFC18AndDecodesAtTheBroker() throws {
        let frames = PeerCodec.encodeClientRequest(service: "calc", body: bytes("{}"))
        #expect(frames == [mdpc02, [0x01], bytes("calc"), bytes("{}")])
        #expect(
            try BrokerClientCodec.decodeRequest(frames[...])
                == ClientRequest(dialect: .mdp02, service: "calc", body: [bytes("{}")])
        )
    }

    @Test(arguments: [true, false])
    func brokerReplyRoundTrips(final: Bool) throws {
        let frames = try #require(
            BrokerClientCodec.encodeReply(dialect: .mdp02, service: "ledger", body: [bytes("a"), []], final: final)
        )
        let reply = try PeerCodec.decodeClientReply(frames)
        #expect(reply.final == final)
        #expect(reply.service == "ledger")
        #expect(reply.body.arrays == [bytes("a"), []])
    }

    @Test func replyWithoutBodyDecodes() throws {
        let reply = try PeerCodec.decodeClientReply([mdpc02, [0x03], bytes("calc")])
        #expect(reply.final)
        #expect(reply.body.isEmpty)
    }

    static let malformedReplies: [Malformed] = [
        Malformed("empty", [], .tooFewFrames),
        Malformed("two frames", [mdpc02, [0x03]], .tooFewFrames),
        Malformed("MDP/0.1 reply", [[], mdpc01, bytes("calc"), bytes("x")], .unknownProtocol),
        Malformed("worker header", [mdpw02, [0x03], bytes("calc")], .unknownProtocol),
        Malformed("REQUEST command", [mdpc02, [0x01], bytes("calc")], .unknownCommand),
        Malformed("two-byte command", [mdpc02, [0x03, 0x03], bytes("calc")], .unknownCommand),
        Malformed("empty command", [mdpc02, [], bytes("calc")], .unknownCommand),
        Malformed("empty service", [mdpc02, [0x03], []], .badServiceName),
        Malformed("non-UTF-8 service", [mdpc02, [0x03], [0xFE]], .badServiceName),
    ]

    @Test(arguments: malformedReplies)
    func refusesMalformedReply(_ input: Malformed) {
        expectMajordomoError(input.code) { _ = try PeerCodec.decodeClientReply(input.frames) }
    }

    // MARK: - Worker side

    @Test func readyIsRFC18AndDecodesAtTheBroker() throws {
        let frames = PeerCodec.encodeReady(service: "calc")
        #expect(frames == [mdpw02, [0x01], bytes("calc")])
        #expect(try BrokerWorkerCodec.decode(frames[...]) == (.ready(service: "calc", capacity: nil), .mdp02))
    }

    @Test func readyWithACapacityCarriesItAsAFourthFrame() throws {
        let frames = PeerCodec.encodeReady(service: "calc", capacity: 8)
        #expect(frames == [mdpw02, [0x01], bytes("calc"), bytes("8")])
        #expect(try BrokerWorkerCodec.decode(frames[...]) == (.ready(service: "calc", capacity: 8), .mdp02))
    }

    @Test func heartbeatAndDisconnectDecodeAtTheBroker() throws {
        #expect(PeerCodec.heartbeat == [mdpw02, [0x05]])
        #expect(PeerCodec.disconnect == [mdpw02, [0x06]])
        #expect(try BrokerWorkerCodec.decode(PeerCodec.heartbeat[...]) == (.heartbeat, .mdp02))
        #expect(try BrokerWorkerCodec.decode(PeerCodec.disconnect[...]) == (.disconnect, .mdp02))
    }

    @Test func workerRepliesDecodeAtTheBroker() throws {
        let final = PeerCodec.encodeWorkerReply(address: Self.address, body: bytes("r"))
        #expect(final == [mdpw02, [0x04], Self.address, [], bytes("r")])
        #expect(try BrokerWorkerCodec.decode(final[...]) == (.final(requestID: 256, body: [bytes("r")]), .mdp02))
        let partial = PeerCodec.encodeWorkerReply(address: Self.address, body: bytes("p"), final: false)
        #expect(partial == [mdpw02, [0x03], Self.address, [], bytes("p")])
        #expect(
            try BrokerWorkerCodec.decode(partial[...]) == (.partial(requestID: 256, body: [bytes("p")]), .mdp02)
        )
    }

    @Test func brokerCommandsRoundTrip() throws {
        let request = BrokerWorkerCodec.frames(
            .request(dialect: .mdp02, requestID: 256, body: ZMQFrames([bytes("{}"), []]))
        )
        #expect(try PeerCodec.decodeBrokerCommand(request) == .request(address: Self.address, body: [bytes("{}"), []]))
        #expect(try PeerCodec.decodeBrokerCommand(BrokerWorkerCodec.frames(.heartbeat(.mdp02))) == .heartbeat)
        #expect(try PeerCodec.decodeBrokerCommand(BrokerWorkerCodec.frames(.disconnect(.mdp02))) == .disconnect)
    }

    @Test func requestWithoutBodyDecodes() throws {
        #expect(
            try PeerCodec.decodeBrokerCommand([mdpw02, [0x02], Self.address, []])
                == .request(address: Self.address, body: [])
        )
    }

    static let malformedCommands: [Malformed] = [
        Malformed("empty", [], .tooFewFrames),
        Malformed("header only", [mdpw02], .tooFewFrames),
        Malformed("delimited (not for peers)", [[], mdpw02, [0x05]], .unknownProtocol),
        Malformed("MDP/0.1 header", [mdpw01, [0x04]], .unknownProtocol),
        Malformed("REQUEST without address", [mdpw02, [0x02]], .tooFewFrames),
        Malformed("REQUEST without delimiter", [mdpw02, [0x02], address], .tooFewFrames),
        Malformed("REQUEST with empty address", [mdpw02, [0x02], [], []], .tooFewFrames),
        Malformed(
            "REQUEST with body where the delimiter goes",
            [mdpw02, [0x02], address, bytes("b")],
            .missingDelimiter
        ),
        Malformed("READY sent to a worker", [mdpw02, [0x01], bytes("calc")], .unknownCommand),
        Malformed("FINAL sent to a worker", [mdpw02, [0x04], address, []], .unknownCommand),
        Malformed("two-byte command", [mdpw02, [0x05, 0x00]], .unknownCommand),
    ]

    @Test(arguments: malformedCommands)
    func refusesMalformedBrokerCommand(_ input: Malformed) {
        expectMajordomoError(input.code) { _ = try PeerCodec.decodeBrokerCommand(input.frames) }
    }
}
