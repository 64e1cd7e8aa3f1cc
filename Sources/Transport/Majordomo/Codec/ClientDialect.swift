import ZeroMQ

/// How one client frames its messages; the broker answers every client in the form it used.
public enum ClientDialect: Sendable, Hashable {
    /// RFC 18 exactly: `["MDPC02", 0x01, service, body...]` from a DEALER; replies `0x02` PARTIAL / `0x03` FINAL.
    case mdp02
    /// RFC 18 commands behind a leading empty frame (REQ sockets, or DEALERs imitating them).
    case mdp02Delimited
    /// majortomo 0.2.0: leading empty frame, REQUEST `0x02`; replies `0x03` / `0x04` without a service frame.
    case majortomo
    /// MDP/0.1 (RFC 7): `["", "MDPC01", service, body...]` from REQ or DEALER; one reply, no PARTIAL.
    case mdp01

    /// Whether a PARTIAL reply can be told to this client.
    public var supportsPartial: Bool { self != .mdp01 }
}

/// A client request as the broker reads it.
public struct ClientRequest: Sendable, Hashable {
    public var dialect: ClientDialect
    public var service: String
    /// The body frames, passed through untouched (Reckon sends one JSON frame).
    public var body: ZMQFrames
    /// False when the service frame is no service name (empty, over 255 bytes, or not UTF-8): `service` is then as
    /// much of it as reads, to answer under, and the request is refused.
    public var hasValidService: Bool

    public init(dialect: ClientDialect, service: String, body: ZMQFrames, hasValidService: Bool = true) {
        self.dialect = dialect
        self.service = service
        self.body = body
        self.hasValidService = hasValidService
    }
}

/// A PARTIAL or FINAL reply as the broker sends it to a client, framed by ``BrokerClientCodec/encode(_:into:)``.
public struct ClientMessage: Sendable, Hashable {
    public let dialect: ClientDialect
    public let service: String
    public let final: Bool
    public let body: ZMQFrames

    /// The FINAL reply in `dialect` (MDP/0.1's only reply).
    public init(dialect: ClientDialect, service: String, body: ZMQFrames) {
        self.init(dialect: dialect, service: service, final: true, body: body)
    }

    private init(dialect: ClientDialect, service: String, final: Bool, body: ZMQFrames) {
        self.dialect = dialect
        self.service = service
        self.final = final
        self.body = body
    }

    /// A PARTIAL reply in `dialect`, or `nil` when the dialect cannot carry one (MDP/0.1).
    public static func partial(dialect: ClientDialect, service: String, body: ZMQFrames) -> ClientMessage? {
        dialect.supportsPartial ? ClientMessage(dialect: dialect, service: service, final: false, body: body) : nil
    }
}
