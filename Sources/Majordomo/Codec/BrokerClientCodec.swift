/// Reads client requests and writes replies on the broker's client socket, in every dialect Reckon accepts.
///
/// Frames here exclude the ROUTER identity frame, which the I/O layer strips and prepends.
public enum BrokerClientCodec {
    /// Decodes one client message.
    /// - Throws: ``MajordomoError`` for anything that is not a well-formed client REQUEST.
    public static func decodeRequest(_ frames: ArraySlice<[UInt8]>) throws -> ClientRequest {
        var rest = frames
        let delimited = rest.first?.isEmpty == true
        if delimited { rest = rest.dropFirst() }
        guard let header = rest.first else { throw MajordomoError(.tooFewFrames, "no protocol header") }
        rest = rest.dropFirst()
        switch header {
        case ProtocolHeader.client02:
            guard let command = rest.first else { throw MajordomoError(.tooFewFrames, "no command") }
            rest = rest.dropFirst()
            let dialect: ClientDialect
            switch (command, delimited) {
            case ([Command.clientRequest], false): dialect = .mdp02
            case ([Command.clientRequest], true): dialect = .mdp02Delimited
            case ([Command.Majortomo.request], true): dialect = .majortomo
            default: throw MajordomoError(.unknownCommand, "client command must be REQUEST")
            }
            return try request(dialect: dialect, rest)
        case ProtocolHeader.client01:
            // RFC 7: frame 0 is the empty delimiter (REQ sockets add it; DEALER clients must send it).
            guard delimited else { throw MajordomoError(.missingDelimiter, "MDPC01 needs a leading empty frame") }
            return try request(dialect: .mdp01, rest)
        default:
            throw MajordomoError(.unknownProtocol, "expected MDPC02 or MDPC01")
        }
    }

    private static func request(dialect: ClientDialect, _ rest: ArraySlice<[UInt8]>) throws -> ClientRequest {
        guard let serviceFrame = rest.first else { throw MajordomoError(.tooFewFrames, "no service name") }
        return ClientRequest(
            dialect: dialect,
            service: try ServiceName.decode(serviceFrame),
            body: Array(rest.dropFirst())
        )
    }

    /// Encodes a reply for a client of `dialect`.
    /// - Parameters:
    ///   - final: FINAL when `true`, PARTIAL otherwise; an MDP/0.1 client only ever gets the final reply.
    /// - Returns: the frames after the identity, or `nil` when the dialect cannot carry a PARTIAL.
    public static func encodeReply(
        dialect: ClientDialect,
        service: String,
        body: [[UInt8]],
        final: Bool = true
    ) -> [[UInt8]]? {
        guard final || dialect.supportsPartial else { return nil }
        // Built in one array of the right size: joining arrays with `+` allocates one per join, on every reply.
        var frames: [[UInt8]] = []
        frames.reserveCapacity(4 + body.count)
        if dialect != .mdp02 { frames.append([]) }
        switch dialect {
        case .mdp02, .mdp02Delimited:
            frames.append(ProtocolHeader.client02)
            frames.append([final ? Command.clientFinal : Command.clientPartial])
            frames.append(Array(service.utf8))
        case .majortomo:
            frames.append(ProtocolHeader.client02)
            frames.append([final ? Command.Majortomo.final : Command.Majortomo.partial])
        case .mdp01:
            frames.append(ProtocolHeader.client01)
            frames.append(Array(service.utf8))
        }
        frames.append(contentsOf: body)
        return frames
    }
}
