/// The first frame of every Majordomo message, naming the protocol and its version.
public enum ProtocolHeader {
    /// `MDPC01`: MDP/0.1 client (RFC 7).
    public static let client01: [UInt8] = Array("MDPC01".utf8)
    /// `MDPC02`: MDP/0.2 client (RFC 18).
    public static let client02: [UInt8] = Array("MDPC02".utf8)
    /// `MDPW01`: MDP/0.1 worker (RFC 7).
    public static let worker01: [UInt8] = Array("MDPW01".utf8)
    /// `MDPW02`: MDP/0.2 worker (RFC 18).
    public static let worker02: [UInt8] = Array("MDPW02".utf8)
}

/// MDP/0.2 command bytes (RFC 18).
public enum Command {
    /// Client REQUEST.
    public static let clientRequest: UInt8 = 0x01
    /// Broker to client PARTIAL.
    public static let clientPartial: UInt8 = 0x02
    /// Broker to client FINAL.
    public static let clientFinal: UInt8 = 0x03

    public static let ready: UInt8 = 0x01
    public static let request: UInt8 = 0x02
    public static let partial: UInt8 = 0x03
    public static let final: UInt8 = 0x04
    public static let heartbeat: UInt8 = 0x05
    public static let disconnect: UInt8 = 0x06

    /// MDP/0.1 worker commands (RFC 7): READY and REQUEST as in 0.2, then REPLY, HEARTBEAT, DISCONNECT.
    public enum V01 {
        public static let reply: UInt8 = 0x03
        public static let heartbeat: UInt8 = 0x04
        public static let disconnect: UInt8 = 0x05
    }

    /// majortomo 0.2.0's client commands: it numbers them like the worker protocol.
    public enum Majortomo {
        public static let request: UInt8 = 0x02
        public static let partial: UInt8 = 0x03
        public static let final: UInt8 = 0x04
    }
}

/// The name prefix RFC 8 reserves for broker-internal services.
public let reservedServicePrefix = "mmi."
