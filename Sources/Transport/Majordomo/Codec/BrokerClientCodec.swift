import ZeroMQ

/// Reads client requests and writes replies on the broker's client socket, in every dialect Reckon accepts.
///
/// Frames here exclude the ROUTER identity frame, which the I/O layer strips and prepends. Body frames are never
/// copied: a request's body is a run of the received message's frames, and a reply's body is written by sharing them.
public enum BrokerClientCodec {
    /// Decodes one client message.
    /// - Throws: ``MajordomoError`` for anything that is not a well-formed client REQUEST.
    public static func decodeRequest(_ frames: ZMQFrames) throws -> ClientRequest {
        let delimited = frames.isEmptyFrame(at: 0)
        let header = delimited ? 1 : 0
        guard header < frames.count else { throw MajordomoError(.tooFewFrames, "no protocol header") }
        if frames.frame(at: header, equals: ProtocolHeader.client02) {
            guard header + 1 < frames.count else { throw MajordomoError(.tooFewFrames, "no command") }
            let dialect: ClientDialect
            switch (frames.byte(at: header + 1), delimited) {
            case (Command.clientRequest, false): dialect = .mdp02
            case (Command.clientRequest, true): dialect = .mdp02Delimited
            case (Command.Majortomo.request, true): dialect = .majortomo
            default: throw MajordomoError(.unknownCommand, "client command must be REQUEST")
            }
            return try request(dialect: dialect, frames.dropFirst(header + 2))
        }
        if frames.frame(at: header, equals: ProtocolHeader.client01) {
            // RFC 7: frame 0 is the empty delimiter (REQ sockets add it; DEALER clients must send it).
            guard delimited else { throw MajordomoError(.missingDelimiter, "MDPC01 needs a leading empty frame") }
            return try request(dialect: .mdp01, frames.dropFirst(header + 1))
        }
        throw MajordomoError(.unknownProtocol, "expected MDPC02 or MDPC01")
    }

    /// The request after its header; one whose service frame is no name is still a request, to be answered.
    private static func request(dialect: ClientDialect, _ rest: ZMQFrames) throws -> ClientRequest {
        guard !rest.isEmpty else { throw MajordomoError(.tooFewFrames, "no service name") }
        guard let service = try? ServiceName.decode(rest, at: 0) else {
            let shown = rest.withBytes(at: 0) { String(decoding: $0.prefix(ServiceName.maximumLength), as: UTF8.self) }
            return ClientRequest(dialect: dialect, service: shown, body: rest.dropFirst(), hasValidService: false)
        }
        return ClientRequest(dialect: dialect, service: service, body: rest.dropFirst())
    }

    /// Writes `message`'s frames (after the identity) into `sink`, sharing its body frames.
    public static func encode(_ message: ClientMessage, into sink: inout some ZMQFrameSink) {
        let final = message.final
        if message.dialect != .mdp02 { sink.add([]) }
        switch message.dialect {
        case .mdp02, .mdp02Delimited:
            sink.add(ProtocolHeader.client02)
            sink.add(byte: final ? Command.clientFinal : Command.clientPartial)
            sink.add(message.service)
        case .majortomo:
            sink.add(ProtocolHeader.client02)
            sink.add(byte: final ? Command.Majortomo.final : Command.Majortomo.partial)
        case .mdp01:
            sink.add(ProtocolHeader.client01)
            sink.add(message.service)
        }
        sink.add(message.body)
    }

    /// `message`'s frames (after the identity), as a client reads them.
    public static func frames(_ message: ClientMessage) -> [[UInt8]] {
        ZMQFrameCollector.frames { encode(message, into: &$0) }
    }
}
