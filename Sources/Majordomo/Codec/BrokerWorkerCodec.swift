/// Reads worker commands and writes broker commands on the broker's worker socket, in every worker dialect.
///
/// Frames here exclude the ROUTER identity frame.
public enum BrokerWorkerCodec {
    /// Decodes one worker message.
    /// - Returns: the command and the dialect the message was framed in.
    /// - Throws: ``MajordomoError`` for anything that is not a well-formed worker command.
    public static func decode(_ frames: ArraySlice<[UInt8]>) throws -> (WorkerCommand, WorkerDialect) {
        var rest = frames
        let delimited = rest.first?.isEmpty == true
        if delimited { rest = rest.dropFirst() }
        guard let header = rest.first else { throw MajordomoError(.tooFewFrames, "no protocol header") }
        rest = rest.dropFirst()
        guard let commandFrame = rest.first else { throw MajordomoError(.tooFewFrames, "no command") }
        guard commandFrame.count == 1 else { throw MajordomoError(.unknownCommand, "command must be one byte") }
        rest = rest.dropFirst()
        switch header {
        case ProtocolHeader.worker02:
            return (try decode02(commandFrame[0], rest), delimited ? .mdp02Delimited : .mdp02)
        case ProtocolHeader.worker01:
            guard delimited else { throw MajordomoError(.missingDelimiter, "MDPW01 needs a leading empty frame") }
            return (try decode01(commandFrame[0], rest), .mdp01)
        default:
            throw MajordomoError(.unknownProtocol, "expected MDPW02 or MDPW01")
        }
    }

    private static func decode02(_ command: UInt8, _ rest: ArraySlice<[UInt8]>) throws -> WorkerCommand {
        switch command {
        case Command.ready: return try ready(rest)
        case Command.partial:
            let (address, body) = try addressed(rest)
            return .partial(address: address, body: body)
        case Command.final:
            let (address, body) = try addressed(rest)
            return .final(address: address, body: body)
        case Command.heartbeat: return .heartbeat
        case Command.disconnect: return .disconnect
        default: throw MajordomoError(.unknownCommand, "unknown MDPW02 command \(command)")
        }
    }

    private static func decode01(_ command: UInt8, _ rest: ArraySlice<[UInt8]>) throws -> WorkerCommand {
        switch command {
        case Command.ready: return try ready(rest)
        case Command.V01.reply:
            let (address, body) = try addressed(rest)
            return .final(address: address, body: body)
        case Command.V01.heartbeat: return .heartbeat
        case Command.V01.disconnect: return .disconnect
        default: throw MajordomoError(.unknownCommand, "unknown MDPW01 command \(command)")
        }
    }

    /// Reads `SERVICE [CAPACITY]`.
    private static func ready(_ rest: ArraySlice<[UInt8]>) throws -> WorkerCommand {
        guard let service = rest.first else { throw MajordomoError(.tooFewFrames, "READY without a service name") }
        let name = try ServiceName.decode(service)
        switch rest.count {
        case 1: return .ready(service: name, capacity: nil)
        case 2: return .ready(service: name, capacity: try capacity(rest[rest.startIndex + 1]))
        default: throw MajordomoError(.unknownCommand, "READY has at most a service and a capacity")
        }
    }

    /// The most requests one worker connection may take at once.
    public static let maximumCapacity = 1024

    /// A READY's capacity frame: 1 to 4 ASCII digits, 0 to ``maximumCapacity``.
    private static func capacity(_ frame: [UInt8]) throws -> Int {
        guard (1...4).contains(frame.count), frame.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = Int(String(decoding: frame, as: UTF8.self)), value <= maximumCapacity
        else { throw MajordomoError(.unknownCommand, "READY capacity must be a number from 0 to \(maximumCapacity)") }
        return value
    }

    /// Reads `address, "", body...`.
    private static func addressed(_ rest: ArraySlice<[UInt8]>) throws -> ([UInt8], [[UInt8]]) {
        guard let address = rest.first, !address.isEmpty else {
            throw MajordomoError(.tooFewFrames, "reply without a client address")
        }
        let afterAddress = rest.dropFirst()
        guard afterAddress.first?.isEmpty == true else {
            throw MajordomoError(.missingDelimiter, "no empty frame after the client address")
        }
        return (address, Array(afterAddress.dropFirst()))
    }

    // MARK: - Encoding

    /// A REQUEST for a worker: `[header, 0x02, address, "", body...]`.
    public static func encodeRequest(dialect: WorkerDialect, address: [UInt8], body: [[UInt8]]) -> [[UInt8]] {
        var frames = command(Command.request, dialect: dialect, reserving: 2 + body.count)
        frames.append(address)
        frames.append([])
        frames.append(contentsOf: body)
        return frames
    }

    /// A HEARTBEAT for a worker.
    public static func encodeHeartbeat(dialect: WorkerDialect) -> [[UInt8]] {
        command(dialect == .mdp01 ? Command.V01.heartbeat : Command.heartbeat, dialect: dialect)
    }

    /// A DISCONNECT for a worker.
    public static func encodeDisconnect(dialect: WorkerDialect) -> [[UInt8]] {
        command(dialect == .mdp01 ? Command.V01.disconnect : Command.disconnect, dialect: dialect)
    }

    /// The dialect's header and `command`, in an array with room for `reserving` more frames: built in one array of
    /// the right size, as joining arrays with `+` allocates one per join, on every request.
    static func command(_ command: UInt8, dialect: WorkerDialect, reserving extra: Int = 0) -> [[UInt8]] {
        var frames: [[UInt8]] = []
        frames.reserveCapacity(headerCount(dialect) + 1 + extra)
        if dialect != .mdp02 { frames.append([]) }
        frames.append(dialect == .mdp01 ? ProtocolHeader.worker01 : ProtocolHeader.worker02)
        frames.append([command])
        return frames
    }

    /// Frames before the command: the leading empty frame, in the dialects that have one, and the protocol header.
    static func headerCount(_ dialect: WorkerDialect) -> Int { dialect == .mdp02 ? 1 : 2 }
}
