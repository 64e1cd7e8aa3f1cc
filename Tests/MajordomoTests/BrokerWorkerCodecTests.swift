import Majordomo
import Testing
import ZeroMQ

@Suite struct BrokerWorkerCodecTests {
    static let address: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 7]

    /// The frames before the command in each worker dialect.
    static func prefix(_ dialect: WorkerDialect) -> [[UInt8]] {
        switch dialect {
        case .mdp02: [mdpw02]
        case .mdp02Delimited: [[], mdpw02]
        case .mdp01: [[], mdpw01]
        }
    }

    static let dialects: [WorkerDialect] = [.mdp02, .mdp02Delimited, .mdp01]

    // MARK: - Decoding

    @Test(arguments: dialects)
    func decodesReady(_ dialect: WorkerDialect) throws {
        let (command, decodedDialect) = try BrokerWorkerCodec.decode(
            (Self.prefix(dialect) + [[0x01], bytes("calc")])[...]
        )
        #expect(command == .ready(service: "calc", capacity: nil))
        #expect(decodedDialect == dialect)
    }

    @Test(arguments: dialects)
    func decodesReadyWithACapacity(_ dialect: WorkerDialect) throws {
        for (frame, capacity) in [("0", 0), ("1", 1), ("8", 8), ("0016", 16), ("1024", 1024)] {
            let frames = Self.prefix(dialect) + [[0x01], bytes("calc"), bytes(frame)]
            #expect(try BrokerWorkerCodec.decode(frames[...]) == (.ready(service: "calc", capacity: capacity), dialect))
        }
    }

    @Test(arguments: [WorkerDialect.mdp02, .mdp02Delimited])
    func decodes02Partial(_ dialect: WorkerDialect) throws {
        let frames = Self.prefix(dialect) + [[0x03], Self.address, [], bytes("chunk")]
        let (command, decodedDialect) = try BrokerWorkerCodec.decode(frames[...])
        #expect(command == .partial(requestID: 7, body: [bytes("chunk")]))
        #expect(decodedDialect == dialect)
    }

    @Test(arguments: [WorkerDialect.mdp02, .mdp02Delimited])
    func decodes02Final(_ dialect: WorkerDialect) throws {
        let frames = Self.prefix(dialect) + [[0x04], Self.address, [], bytes("done"), bytes("more")]
        let (command, decodedDialect) = try BrokerWorkerCodec.decode(frames[...])
        #expect(command == .final(requestID: 7, body: [bytes("done"), bytes("more")]))
        #expect(decodedDialect == dialect)
    }

    @Test(arguments: [WorkerDialect.mdp02, .mdp02Delimited])
    func decodes02HeartbeatAndDisconnect(_ dialect: WorkerDialect) throws {
        #expect(try BrokerWorkerCodec.decode((Self.prefix(dialect) + [[0x05]])[...]) == (.heartbeat, dialect))
        #expect(try BrokerWorkerCodec.decode((Self.prefix(dialect) + [[0x06]])[...]) == (.disconnect, dialect))
    }

    @Test func anAddressThatIsNoRequestIDDecodesWithoutOne() throws {
        for address in [[7], [0, 0, 0, 0, 0, 0, 0, 0, 7], bytes("client")] as [[UInt8]] {
            let frames = Self.prefix(.mdp02) + [[0x04], address, [], bytes("done")]
            #expect(
                try BrokerWorkerCodec.decode(frames[...]) == (.final(requestID: nil, body: [bytes("done")]), .mdp02)
            )
        }
    }

    @Test func decodes01ReplyAsFinal() throws {
        let frames = Self.prefix(.mdp01) + [[0x03], Self.address, [], bytes("done")]
        #expect(
            try BrokerWorkerCodec.decode(frames[...]) == (.final(requestID: 7, body: [bytes("done")]), .mdp01)
        )
    }

    @Test func decodes01HeartbeatAndDisconnect() throws {
        #expect(try BrokerWorkerCodec.decode((Self.prefix(.mdp01) + [[0x04]])[...]) == (.heartbeat, .mdp01))
        #expect(try BrokerWorkerCodec.decode((Self.prefix(.mdp01) + [[0x05]])[...]) == (.disconnect, .mdp01))
    }

    @Test func decodesAFinalWithAnEmptyBody() throws {
        let frames: [[UInt8]] = [mdpw02, [0x04], Self.address, []]
        #expect(try BrokerWorkerCodec.decode(frames[...]) == (.final(requestID: 7, body: []), .mdp02))
    }

    @Test func decodesASliceAfterTheIdentity() throws {
        let frames: [[UInt8]] = [bytes("worker-1"), mdpw02, [0x01], bytes("calc")]
        #expect(try BrokerWorkerCodec.decode(frames[1...]) == (.ready(service: "calc", capacity: nil), .mdp02))
    }

    // MARK: - Malformed

    static let malformed: [Malformed] = [
        Malformed("empty message", [], .tooFewFrames),
        Malformed("only a delimiter", [[]], .tooFewFrames),
        Malformed("header without command", [mdpw02], .tooFewFrames),
        Malformed("delimited header without command", [[], mdpw02], .tooFewFrames),
        Malformed("0.1 header without command", [[], mdpw01], .tooFewFrames),
        Malformed("MDPW01 without its leading empty frame", [mdpw01, [0x01], bytes("calc")], .missingDelimiter),
        Malformed("unknown header", [bytes("MDPW03"), [0x05]], .unknownProtocol),
        Malformed("client header on the worker socket", [mdpc02, [0x01], bytes("calc")], .unknownProtocol),
        Malformed("delimited unknown header", [[], bytes("XYZ"), [0x05]], .unknownProtocol),
        Malformed("empty command", [mdpw02, []], .unknownCommand),
        Malformed("two-byte command", [mdpw02, [0x05, 0x05]], .unknownCommand),
        Malformed("REQUEST from a worker", [mdpw02, [0x02], bytes("x"), [], bytes("b")], .unknownCommand),
        Malformed("unknown 0.2 command", [mdpw02, [0x07]], .unknownCommand),
        Malformed("zero command", [mdpw02, [0x00]], .unknownCommand),
        Malformed("0.2 DISCONNECT byte in 0.1", [[], mdpw01, [0x06]], .unknownCommand),
        Malformed("unknown 0.1 command", [[], mdpw01, [0x09]], .unknownCommand),
        Malformed("READY without service", [mdpw02, [0x01]], .tooFewFrames),
        Malformed("0.1 READY without service", [[], mdpw01, [0x01]], .tooFewFrames),
        Malformed("READY with empty service", [mdpw02, [0x01], []], .badServiceName),
        Malformed(
            "READY with oversized service",
            [mdpw02, [0x01], Array(repeating: 0x61, count: 256)],
            .badServiceName
        ),
        Malformed("READY with non-UTF-8 service", [mdpw02, [0x01], [0xC0, 0x80]], .badServiceName),
        Malformed("READY with an empty capacity", [mdpw02, [0x01], bytes("calc"), []], .unknownCommand),
        Malformed("READY with a word for capacity", [mdpw02, [0x01], bytes("calc"), bytes("many")], .unknownCommand),
        Malformed("READY with a negative capacity", [mdpw02, [0x01], bytes("calc"), bytes("-1")], .unknownCommand),
        Malformed("READY with capacity over 1024", [mdpw02, [0x01], bytes("calc"), bytes("1025")], .unknownCommand),
        Malformed(
            "READY with a five-digit capacity",
            [mdpw02, [0x01], bytes("calc"), bytes("00008")],
            .unknownCommand
        ),
        Malformed(
            "READY with frames past its capacity",
            [mdpw02, [0x01], bytes("calc"), bytes("2"), []],
            .unknownCommand
        ),
        Malformed("FINAL without address", [mdpw02, [0x04]], .tooFewFrames),
        Malformed("FINAL with empty address", [mdpw02, [0x04], [], bytes("body")], .tooFewFrames),
        Malformed("PARTIAL without address", [mdpw02, [0x03]], .tooFewFrames),
        Malformed("0.1 REPLY without address", [[], mdpw01, [0x03]], .tooFewFrames),
        Malformed("FINAL without delimiter", [mdpw02, [0x04], address], .missingDelimiter),
        Malformed(
            "FINAL with body where the delimiter goes",
            [mdpw02, [0x04], address, bytes("b")],
            .missingDelimiter
        ),
        Malformed("PARTIAL without delimiter", [[], mdpw02, [0x03], address, bytes("b")], .missingDelimiter),
        Malformed("0.1 REPLY without delimiter", [[], mdpw01, [0x03], address], .missingDelimiter),
    ]

    @Test(arguments: malformed)
    func refusesMalformedCommand(_ input: Malformed) {
        expectMajordomoError(input.code) { _ = try BrokerWorkerCodec.decode(input.frames[...]) }
    }

    // MARK: - Encoding

    @Test func encodesRequestPerDialect() {
        let body = [bytes("{}")]
        #expect(
            BrokerWorkerCodec.frames(.request(dialect: .mdp02, requestID: 7, body: ZMQFrames(body)))
                == [mdpw02, [0x02], Self.address, [], bytes("{}")]
        )
        #expect(
            BrokerWorkerCodec.frames(.request(dialect: .mdp02Delimited, requestID: 7, body: ZMQFrames(body)))
                == [[], mdpw02, [0x02], Self.address, [], bytes("{}")]
        )
        #expect(
            BrokerWorkerCodec.frames(.request(dialect: .mdp01, requestID: 7, body: ZMQFrames(body)))
                == [[], mdpw01, [0x02], Self.address, [], bytes("{}")]
        )
    }

    @Test func encodesHeartbeatPerDialect() {
        #expect(BrokerWorkerCodec.frames(.heartbeat(.mdp02)) == [mdpw02, [0x05]])
        #expect(BrokerWorkerCodec.frames(.heartbeat(.mdp02Delimited)) == [[], mdpw02, [0x05]])
        #expect(BrokerWorkerCodec.frames(.heartbeat(.mdp01)) == [[], mdpw01, [0x04]])
    }

    @Test func encodesDisconnectPerDialect() {
        #expect(BrokerWorkerCodec.frames(.disconnect(.mdp02)) == [mdpw02, [0x06]])
        #expect(BrokerWorkerCodec.frames(.disconnect(.mdp02Delimited)) == [[], mdpw02, [0x06]])
        #expect(BrokerWorkerCodec.frames(.disconnect(.mdp01)) == [[], mdpw01, [0x05]])
    }

    @Test(arguments: dialects)
    func brokerCommandsDecodeAsTheirOwnDialect(_ dialect: WorkerDialect) throws {
        // What the broker sends decodes, with the broker-side decoder, to the same dialect: the framing is symmetric.
        #expect(
            try BrokerWorkerCodec.decode(BrokerWorkerCodec.frames(.heartbeat(dialect))[...]) == (
                .heartbeat, dialect
            )
        )
        #expect(
            try BrokerWorkerCodec.decode(BrokerWorkerCodec.frames(.disconnect(dialect))[...]) == (
                .disconnect, dialect
            )
        )
    }
}
