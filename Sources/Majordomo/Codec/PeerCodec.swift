/// The RFC 18 codec for Reckon's own peers: the client library and the worker runtime, which speak plain MDP/0.2
/// from DEALER sockets (no identity frame, no leading empty frame).
public enum PeerCodec {
    // MARK: - Client side

    /// A client REQUEST: `["MDPC02", 0x01, service, body...]`.
    public static func encodeClientRequest(service: String, body: [[UInt8]]) -> [[UInt8]] {
        [ProtocolHeader.client02, [Command.clientRequest], Array(service.utf8)] + body
    }

    /// A reply as the client reads it.
    public struct ClientReply: Sendable, Hashable {
        public var final: Bool
        public var service: String
        public var body: [[UInt8]]
    }

    /// Decodes a PARTIAL or FINAL sent to a client.
    /// - Throws: ``MajordomoError``.
    public static func decodeClientReply(_ frames: [[UInt8]]) throws -> ClientReply {
        guard frames.count >= 3 else { throw MajordomoError(.tooFewFrames, "a reply has at least 3 frames") }
        guard frames[0] == ProtocolHeader.client02 else { throw MajordomoError(.unknownProtocol, "expected MDPC02") }
        let final: Bool
        switch frames[1] {
        case [Command.clientFinal]: final = true
        case [Command.clientPartial]: final = false
        default: throw MajordomoError(.unknownCommand, "expected PARTIAL or FINAL")
        }
        return ClientReply(final: final, service: try ServiceName.decode(frames[2]), body: Array(frames[3...]))
    }

    // MARK: - Worker side

    /// What a worker reads from the broker.
    public enum BrokerCommand: Sendable, Hashable {
        case request(address: [UInt8], body: [[UInt8]])
        case heartbeat
        case disconnect
    }

    /// A worker's READY; with `capacity`, Reckon's extension saying how many requests the connection takes at once
    /// (sent again later, it changes that number).
    public static func encodeReady(service: String, capacity: Int? = nil) -> [[UInt8]] {
        let frames = [ProtocolHeader.worker02, [Command.ready], Array(service.utf8)]
        return capacity.map { frames + [Array(String($0).utf8)] } ?? frames
    }

    /// A worker's HEARTBEAT.
    public static let heartbeat: [[UInt8]] = [ProtocolHeader.worker02, [Command.heartbeat]]

    /// A worker's DISCONNECT.
    public static let disconnect: [[UInt8]] = [ProtocolHeader.worker02, [Command.disconnect]]

    /// A worker's PARTIAL or FINAL for the request at `address`.
    public static func encodeWorkerReply(address: [UInt8], body: [[UInt8]], final: Bool = true) -> [[UInt8]] {
        [ProtocolHeader.worker02, [final ? Command.final : Command.partial], address, []] + body
    }

    /// Decodes a broker command sent to a worker.
    /// - Throws: ``MajordomoError``.
    public static func decodeBrokerCommand(_ frames: [[UInt8]]) throws -> BrokerCommand {
        guard frames.count >= 2 else { throw MajordomoError(.tooFewFrames, "a command has at least 2 frames") }
        guard frames[0] == ProtocolHeader.worker02 else { throw MajordomoError(.unknownProtocol, "expected MDPW02") }
        switch frames[1] {
        case [Command.request]:
            guard frames.count >= 4, !frames[2].isEmpty else {
                throw MajordomoError(.tooFewFrames, "REQUEST needs an address, a delimiter and a body")
            }
            guard frames[3].isEmpty else { throw MajordomoError(.missingDelimiter, "no empty frame after the address") }
            return .request(address: frames[2], body: Array(frames[4...]))
        case [Command.heartbeat]: return .heartbeat
        case [Command.disconnect]: return .disconnect
        default: throw MajordomoError(.unknownCommand, "expected REQUEST, HEARTBEAT or DISCONNECT")
        }
    }
}
