import ZeroMQ

/// The RFC 18 codec for Reckon's own peers: the client library and the worker runtime, which speak plain MDP/0.2
/// from DEALER sockets (no identity frame, no leading empty frame). Like the broker's codecs it reads received
/// frames in place and writes into a ``ZeroMQ/ZMQFrameSink``, so a peer builds no array per message.
public enum PeerCodec {
    // MARK: - Client side

    /// Writes a client REQUEST, `["MDPC02", 0x01, service, body]`, into `sink`.
    public static func encodeClientRequest(service: String, body: [UInt8], into sink: inout some ZMQFrameSink) {
        sink.add(ProtocolHeader.client02)
        sink.add(byte: Command.clientRequest)
        sink.add(service)
        sink.add(body)
    }

    /// A client REQUEST's frames.
    public static func encodeClientRequest(service: String, body: [UInt8]) -> [[UInt8]] {
        ZMQFrameCollector.frames { encodeClientRequest(service: service, body: body, into: &$0) }
    }

    /// A reply as the client reads it.
    public struct ClientReply: Sendable, Hashable {
        public var final: Bool
        public var service: String
        public var body: ZMQFrames
    }

    /// Decodes a PARTIAL or FINAL sent to a client.
    /// - Throws: ``MajordomoError``.
    public static func decodeClientReply(_ frames: ZMQFrames) throws -> ClientReply {
        guard frames.count >= 3 else { throw MajordomoError(.tooFewFrames, "a reply has at least 3 frames") }
        guard frames.frame(at: 0, equals: ProtocolHeader.client02) else {
            throw MajordomoError(.unknownProtocol, "expected MDPC02")
        }
        let final: Bool
        switch frames.byte(at: 1) {
        case Command.clientFinal: final = true
        case Command.clientPartial: final = false
        default: throw MajordomoError(.unknownCommand, "expected PARTIAL or FINAL")
        }
        return ClientReply(final: final, service: try ServiceName.decode(frames, at: 2), body: frames.dropFirst(3))
    }

    // MARK: - Worker side

    /// What a worker reads from the broker.
    public enum BrokerCommand: Sendable, Hashable {
        /// A REQUEST: `address` is its one address frame, to send back unchanged with the reply.
        case request(address: ZMQFrames, body: ZMQFrames)
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

    /// Writes a worker's PARTIAL or FINAL for the request whose address frame is `address` into `sink`.
    public static func encodeWorkerReply(
        address: ZMQFrames,
        body: [UInt8],
        final: Bool = true,
        into sink: inout some ZMQFrameSink
    ) {
        sink.add(ProtocolHeader.worker02)
        sink.add(byte: final ? Command.final : Command.partial)
        sink.add(address)
        sink.add([])
        sink.add(body)
    }

    /// A worker's PARTIAL or FINAL frames for the request whose address frame is `address`.
    public static func encodeWorkerReply(address: [UInt8], body: [UInt8], final: Bool = true) -> [[UInt8]] {
        ZMQFrameCollector.frames {
            encodeWorkerReply(address: ZMQFrames([address]), body: body, final: final, into: &$0)
        }
    }

    /// Decodes a broker command sent to a worker.
    /// - Throws: ``MajordomoError``.
    public static func decodeBrokerCommand(_ frames: ZMQFrames) throws -> BrokerCommand {
        guard frames.count >= 2 else { throw MajordomoError(.tooFewFrames, "a command has at least 2 frames") }
        guard frames.frame(at: 0, equals: ProtocolHeader.worker02) else {
            throw MajordomoError(.unknownProtocol, "expected MDPW02")
        }
        switch frames.byte(at: 1) {
        case Command.request:
            guard frames.count >= 4, frames.size(at: 2) != 0 else {
                throw MajordomoError(.tooFewFrames, "REQUEST needs an address, a delimiter and a body")
            }
            guard frames.isEmptyFrame(at: 3) else {
                throw MajordomoError(.missingDelimiter, "no empty frame after the address")
            }
            return .request(address: frames.dropFirst(2).prefix(1), body: frames.dropFirst(4))
        case Command.heartbeat: return .heartbeat
        case Command.disconnect: return .disconnect
        default: throw MajordomoError(.unknownCommand, "expected REQUEST, HEARTBEAT or DISCONNECT")
        }
    }
}
