import ZeroMQ

/// Reads worker commands and writes broker commands on the broker's worker socket, in every worker dialect.
///
/// Frames here exclude the ROUTER identity frame. Body frames are never copied, as in ``BrokerClientCodec``.
public enum BrokerWorkerCodec {
    /// Decodes one worker message.
    /// - Returns: the command and the dialect the message was framed in.
    /// - Throws: ``MajordomoError`` for anything that is not a well-formed worker command.
    public static func decode(_ frames: ZMQFrames) throws -> (WorkerCommand, WorkerDialect) {
        let delimited = frames.isEmptyFrame(at: 0)
        let header = delimited ? 1 : 0
        guard header < frames.count else { throw MajordomoError(.tooFewFrames, "no protocol header") }
        guard let commandSize = frames.size(at: header + 1) else { throw MajordomoError(.tooFewFrames, "no command") }
        guard commandSize == 1, let command = frames.byte(at: header + 1) else {
            throw MajordomoError(.unknownCommand, "command must be one byte")
        }
        let rest = frames.dropFirst(header + 2)
        if frames.frame(at: header, equals: ProtocolHeader.worker02) {
            return (try decode02(command, rest), delimited ? .mdp02Delimited : .mdp02)
        }
        if frames.frame(at: header, equals: ProtocolHeader.worker01) {
            guard delimited else { throw MajordomoError(.missingDelimiter, "MDPW01 needs a leading empty frame") }
            return (try decode01(command, rest), .mdp01)
        }
        throw MajordomoError(.unknownProtocol, "expected MDPW02 or MDPW01")
    }

    private static func decode02(_ command: UInt8, _ rest: ZMQFrames) throws -> WorkerCommand {
        switch command {
        case Command.ready: return try ready(rest)
        case Command.partial:
            let (requestID, body) = try addressed(rest)
            return .partial(requestID: requestID, body: body)
        case Command.final:
            let (requestID, body) = try addressed(rest)
            return .final(requestID: requestID, body: body)
        case Command.heartbeat: return .heartbeat
        case Command.disconnect: return .disconnect
        default: throw MajordomoError(.unknownCommand, "unknown MDPW02 command \(command)")
        }
    }

    private static func decode01(_ command: UInt8, _ rest: ZMQFrames) throws -> WorkerCommand {
        switch command {
        case Command.ready: return try ready(rest)
        case Command.V01.reply:
            let (requestID, body) = try addressed(rest)
            return .final(requestID: requestID, body: body)
        case Command.V01.heartbeat: return .heartbeat
        case Command.V01.disconnect: return .disconnect
        default: throw MajordomoError(.unknownCommand, "unknown MDPW01 command \(command)")
        }
    }

    /// Reads `SERVICE [CAPACITY]`.
    private static func ready(_ rest: ZMQFrames) throws -> WorkerCommand {
        guard !rest.isEmpty else { throw MajordomoError(.tooFewFrames, "READY without a service name") }
        let name = try ServiceName.decode(rest, at: 0)
        switch rest.count {
        case 1: return .ready(service: name, capacity: nil)
        case 2: return .ready(service: name, capacity: try rest.withBytes(at: 1, capacity))
        default: throw MajordomoError(.unknownCommand, "READY has at most a service and a capacity")
        }
    }

    /// The most requests one worker connection may take at once.
    public static let maximumCapacity = 1024

    /// A READY's capacity frame: 1 to 4 ASCII digits, 0 to ``maximumCapacity``.
    private static func capacity(_ frame: UnsafeRawBufferPointer) throws -> Int {
        guard (1...4).contains(frame.count), frame.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = Int(String(decoding: frame, as: UTF8.self)), value <= maximumCapacity
        else { throw MajordomoError(.unknownCommand, "READY capacity must be a number from 0 to \(maximumCapacity)") }
        return value
    }

    /// Reads `address, "", body...`; the address is a request id when it is 8 bytes.
    private static func addressed(_ rest: ZMQFrames) throws -> (UInt64?, ZMQFrames) {
        guard let size = rest.size(at: 0), size > 0 else {
            throw MajordomoError(.tooFewFrames, "reply without a client address")
        }
        guard rest.isEmptyFrame(at: 1) else {
            throw MajordomoError(.missingDelimiter, "no empty frame after the client address")
        }
        let requestID = rest.withBytes(at: 0) { address in
            address.count == 8 ? address.reduce(0) { $0 << 8 | UInt64($1) } : nil
        }
        return (requestID, rest.dropFirst(2))
    }

    // MARK: - Encoding

    /// Writes `message`'s frames (after the identity) into `sink`, sharing a REQUEST's body frames.
    public static func encode(_ message: WorkerMessage, into sink: inout some ZMQFrameSink) {
        switch message {
        case .request(let dialect, let requestID, let body):
            header(Command.request, dialect: dialect, into: &sink)
            withUnsafeBytes(of: requestID.bigEndian) { sink.add($0) }
            sink.add([])
            sink.add(body)
        case .heartbeat(let dialect):
            header(dialect == .mdp01 ? Command.V01.heartbeat : Command.heartbeat, dialect: dialect, into: &sink)
        case .disconnect(let dialect):
            header(dialect == .mdp01 ? Command.V01.disconnect : Command.disconnect, dialect: dialect, into: &sink)
        }
    }

    /// `message`'s frames (after the identity), as a worker reads them.
    public static func frames(_ message: WorkerMessage) -> [[UInt8]] {
        ZMQFrameCollector.frames { encode(message, into: &$0) }
    }

    /// The dialect's leading empty frame (if it has one), its header and `command`.
    private static func header(_ command: UInt8, dialect: WorkerDialect, into sink: inout some ZMQFrameSink) {
        if dialect != .mdp02 { sink.add([]) }
        sink.add(dialect == .mdp01 ? ProtocolHeader.worker01 : ProtocolHeader.worker02)
        sink.add(byte: command)
    }
}
