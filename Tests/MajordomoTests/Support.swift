import Majordomo
import Testing
import ZeroMQ

/// The UTF-8 bytes of `text`, for writing frames.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A message from frames written as text; `""` is an empty frame.
func message(_ frames: String...) -> [[UInt8]] { frames.map(bytes) }

let mdpc02 = bytes("MDPC02")
let mdpc01 = bytes("MDPC01")
let mdpw02 = bytes("MDPW02")
let mdpw01 = bytes("MDPW01")

/// Expects `body` to throw a ``MajordomoError`` with `code`.
func expectMajordomoError(
    _ code: MajordomoError.Code,
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    let error = #expect(throws: MajordomoError.self, comment, sourceLocation: sourceLocation) { try body() }
    #expect(error?.code == code, comment, sourceLocation: sourceLocation)
}

/// A malformed message and the error code it must be refused with.
struct Malformed: Sendable, CustomTestStringConvertible {
    let name: String
    let frames: [[UInt8]]
    let code: MajordomoError.Code

    init(_ name: String, _ frames: [[UInt8]], _ code: MajordomoError.Code) {
        self.name = name
        self.frames = frames
        self.code = code
    }

    var testDescription: String { name }
}

// MARK: - Frames written as arrays

/// The broker's codecs called with frames written as byte arrays, as the tests write them.
extension BrokerClientCodec {
    static func decodeRequest(_ frames: ArraySlice<[UInt8]>) throws -> ClientRequest {
        try decodeRequest(ZMQFrames(Array(frames)))
    }

    /// A reply's frames, or `nil` for a PARTIAL the dialect cannot carry.
    static func encodeReply(dialect: ClientDialect, service: String, body: [[UInt8]], final: Bool = true) -> [[UInt8]]?
    {
        let body = ZMQFrames(body)
        let message =
            final
            ? ClientMessage(dialect: dialect, service: service, body: body)
            : ClientMessage.partial(dialect: dialect, service: service, body: body)
        return message.map(frames)
    }
}

extension BrokerWorkerCodec {
    static func decode(_ frames: ArraySlice<[UInt8]>) throws -> (WorkerCommand, WorkerDialect) {
        try decode(ZMQFrames(Array(frames)))
    }
}

extension ClientRequest {
    init(dialect: ClientDialect, service: String, body: [[UInt8]]) {
        self.init(dialect: dialect, service: service, body: ZMQFrames(body))
    }
}

extension WorkerCommand {
    static func final(requestID: UInt64?, body: [[UInt8]]) -> WorkerCommand {
        .final(requestID: requestID, body: ZMQFrames(body))
    }

    static func partial(requestID: UInt64, body: [[UInt8]]) -> WorkerCommand {
        .partial(requestID: requestID, body: ZMQFrames(body))
    }
}

extension PeerCodec {
    static func decodeClientReply(_ frames: [[UInt8]]) throws -> ClientReply {
        try decodeClientReply(ZMQFrames(frames))
    }

    static func decodeBrokerCommand(_ frames: [[UInt8]]) throws -> BrokerCommand {
        try decodeBrokerCommand(ZMQFrames(frames))
    }
}

extension PeerCodec.BrokerCommand {
    static func request(address: [UInt8], body: [[UInt8]]) -> PeerCodec.BrokerCommand {
        .request(address: ZMQFrames([address]), body: ZMQFrames(body))
    }
}
