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
    public var body: [[UInt8]]

    public init(dialect: ClientDialect, service: String, body: [[UInt8]]) {
        self.dialect = dialect
        self.service = service
        self.body = body
    }
}
