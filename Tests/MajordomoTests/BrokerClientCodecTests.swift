import Majordomo
import Testing
import ZeroMQ

@Suite struct BrokerClientCodecTests {
    // MARK: - decodeRequest, one test per dialect

    @Test func decodesRFC18RequestFromDealer() throws {
        let request = try BrokerClientCodec.decodeRequest([mdpc02, [0x01], bytes("calc"), bytes("{}")][...])
        #expect(request == ClientRequest(dialect: .mdp02, service: "calc", body: [bytes("{}")]))
    }

    @Test func decodesDelimitedRFC18Request() throws {
        let request = try BrokerClientCodec.decodeRequest([[], mdpc02, [0x01], bytes("calc"), bytes("{}")][...])
        #expect(request == ClientRequest(dialect: .mdp02Delimited, service: "calc", body: [bytes("{}")]))
    }

    @Test func decodesMajortomoRequest() throws {
        let request = try BrokerClientCodec.decodeRequest([[], mdpc02, [0x02], bytes("calc"), bytes("{}")][...])
        #expect(request == ClientRequest(dialect: .majortomo, service: "calc", body: [bytes("{}")]))
    }

    @Test func decodesMDP01Request() throws {
        let request = try BrokerClientCodec.decodeRequest([[], mdpc01, bytes("calc"), bytes("{}")][...])
        #expect(request == ClientRequest(dialect: .mdp01, service: "calc", body: [bytes("{}")]))
    }

    @Test func keepsEveryBodyFrameIncludingEmptyOnes() throws {
        let request = try BrokerClientCodec.decodeRequest(
            [mdpc02, [0x01], bytes("calc"), bytes("a"), [], bytes("c")][...]
        )
        #expect(request.body.arrays == [bytes("a"), [], bytes("c")])
    }

    @Test func acceptsARequestWithoutBody() throws {
        let request = try BrokerClientCodec.decodeRequest([mdpc02, [0x01], bytes("calc")][...])
        #expect(request.body.isEmpty)
    }

    @Test func decodesASliceThatDoesNotStartAtZero() throws {
        // The broker passes `frames[1...]`, after the ROUTER identity.
        let frames: [[UInt8]] = [bytes("client-identity"), [], mdpc02, [0x02], bytes("calc"), bytes("{}")]
        let request = try BrokerClientCodec.decodeRequest(frames[1...])
        #expect(request == ClientRequest(dialect: .majortomo, service: "calc", body: [bytes("{}")]))
    }

    @Test func acceptsAServiceNameOf255BytesOfUTF8() throws {
        let name = String(repeating: "é", count: 127) + "x"  // 255 bytes
        let request = try BrokerClientCodec.decodeRequest([mdpc02, [0x01], bytes(name)][...])
        #expect(request.service == name)
    }

    // MARK: - Malformed requests

    static let malformed: [Malformed] = [
        Malformed("empty message", [], .tooFewFrames),
        Malformed("only a delimiter", [[]], .tooFewFrames),
        Malformed("MDPC02 without command", [mdpc02], .tooFewFrames),
        Malformed("delimited MDPC02 without command", [[], mdpc02], .tooFewFrames),
        Malformed("MDPC02 without service", [mdpc02, [0x01]], .tooFewFrames),
        Malformed("majortomo without service", [[], mdpc02, [0x02]], .tooFewFrames),
        Malformed("MDPC01 without service", [[], mdpc01], .tooFewFrames),
        Malformed("MDPC01 without its leading empty frame", [mdpc01, bytes("calc"), bytes("{}")], .missingDelimiter),
        Malformed("unknown header", [bytes("MDPC03"), [0x01], bytes("calc")], .unknownProtocol),
        Malformed("lower-case header", [bytes("mdpc02"), [0x01], bytes("calc")], .unknownProtocol),
        Malformed("worker header on the client socket", [mdpw02, [0x01], bytes("calc")], .unknownProtocol),
        Malformed("two empty frames", [[], [], mdpc02, [0x01], bytes("calc")], .unknownProtocol),
        Malformed("empty command", [mdpc02, [], bytes("calc")], .unknownCommand),
        Malformed("two-byte command", [mdpc02, [0x01, 0x01], bytes("calc")], .unknownCommand),
        Malformed("majortomo command without delimiter", [mdpc02, [0x02], bytes("calc")], .unknownCommand),
        Malformed("FINAL from a client", [mdpc02, [0x03], bytes("calc")], .unknownCommand),
        Malformed("delimited FINAL from a client", [[], mdpc02, [0x03], bytes("calc")], .unknownCommand),
        Malformed("unknown command", [mdpc02, [0x7F], bytes("calc")], .unknownCommand),
    ]

    @Test(arguments: malformed)
    func refusesMalformedRequest(_ input: Malformed) {
        expectMajordomoError(input.code) { _ = try BrokerClientCodec.decodeRequest(input.frames[...]) }
    }

    static let namelessServices: [Malformed] = [
        Malformed("empty service", [mdpc02, [0x01], []], .badServiceName),
        Malformed("oversized service", [mdpc02, [0x01], Array(repeating: 0x61, count: 256)], .badServiceName),
        Malformed("non-UTF-8 service", [mdpc02, [0x01], [0x63, 0xFF]], .badServiceName),
        Malformed("truncated UTF-8 service", [mdpc02, [0x01], [0x63, 0xC3]], .badServiceName),
        Malformed("MDPC01 empty service", [[], mdpc01, []], .badServiceName),
        Malformed(
            "majortomo oversized service",
            [[], mdpc02, [0x02], Array(repeating: 0x61, count: 300)],
            .badServiceName
        ),
    ]

    /// A request whose service frame is no name is still read, so the broker can answer it rather than drop it.
    @Test(arguments: namelessServices)
    func readsARequestWhoseServiceIsNoName(_ input: Malformed) throws {
        let request = try BrokerClientCodec.decodeRequest(input.frames[...])
        #expect(!request.hasValidService)
        #expect(request.service.utf8.count <= 255)
    }

    // MARK: - encodeReply

    @Test func encodesRFC18FinalAndPartial() {
        let final = BrokerClientCodec.encodeReply(dialect: .mdp02, service: "calc", body: [bytes("r")])
        #expect(final == [mdpc02, [0x03], bytes("calc"), bytes("r")])
        let partial = BrokerClientCodec.encodeReply(dialect: .mdp02, service: "calc", body: [bytes("p")], final: false)
        #expect(partial == [mdpc02, [0x02], bytes("calc"), bytes("p")])
    }

    @Test func encodesDelimitedRFC18FinalAndPartial() {
        let final = BrokerClientCodec.encodeReply(dialect: .mdp02Delimited, service: "calc", body: [bytes("r")])
        #expect(final == [[], mdpc02, [0x03], bytes("calc"), bytes("r")])
        let partial = BrokerClientCodec.encodeReply(
            dialect: .mdp02Delimited,
            service: "calc",
            body: [bytes("p")],
            final: false
        )
        #expect(partial == [[], mdpc02, [0x02], bytes("calc"), bytes("p")])
    }

    @Test func encodesMajortomoRepliesWithoutServiceFrame() {
        let final = BrokerClientCodec.encodeReply(dialect: .majortomo, service: "calc", body: [bytes("r")])
        #expect(final == [[], mdpc02, [0x04], bytes("r")])
        let partial = BrokerClientCodec.encodeReply(
            dialect: .majortomo,
            service: "calc",
            body: [bytes("p")],
            final: false
        )
        #expect(partial == [[], mdpc02, [0x03], bytes("p")])
    }

    @Test func encodesMDP01FinalAndRefusesPartial() {
        let final = BrokerClientCodec.encodeReply(dialect: .mdp01, service: "calc", body: [bytes("r")])
        #expect(final == [[], mdpc01, bytes("calc"), bytes("r")])
        #expect(
            BrokerClientCodec.encodeReply(dialect: .mdp01, service: "calc", body: [bytes("p")], final: false) == nil
        )
    }

    @Test func encodesEmptyAndMultiFrameBodies() {
        #expect(BrokerClientCodec.encodeReply(dialect: .mdp02, service: "s", body: []) == [mdpc02, [0x03], bytes("s")])
        let reply = BrokerClientCodec.encodeReply(dialect: .mdp02, service: "s", body: [bytes("a"), [], bytes("b")])
        #expect(reply == [mdpc02, [0x03], bytes("s"), bytes("a"), [], bytes("b")])
    }

    @Test func onlyMDP01LacksPartial() {
        #expect(ClientDialect.mdp02.supportsPartial)
        #expect(ClientDialect.mdp02Delimited.supportsPartial)
        #expect(ClientDialect.majortomo.supportsPartial)
        #expect(!ClientDialect.mdp01.supportsPartial)
    }

    @Test func rfc18ReplyDecodesWithThePeerCodec() throws {
        let frames = try #require(
            BrokerClientCodec.encodeReply(dialect: .mdp02, service: "calc", body: [bytes("x")], final: false)
        )
        let reply = try PeerCodec.decodeClientReply(frames)
        #expect(!reply.final)
        #expect(reply.service == "calc")
        #expect(reply.body.arrays == [bytes("x")])
    }
}
