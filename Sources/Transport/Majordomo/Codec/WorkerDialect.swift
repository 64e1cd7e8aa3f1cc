import ZeroMQ

/// How one worker frames its messages; fixed by its READY and used for everything sent to it.
public enum WorkerDialect: Sendable, Hashable {
    /// RFC 18 exactly, from a DEALER with no leading empty frame.
    case mdp02
    /// RFC 18 commands behind a leading empty frame (majortomo 0.2.0 and zguide-style 0.2 workers).
    case mdp02Delimited
    /// MDP/0.1 (RFC 7): leading empty frame, `MDPW01`, REPLY `0x03`, HEARTBEAT `0x04`, DISCONNECT `0x05`.
    case mdp01
}

/// A worker-to-broker command as the broker reads it.
public enum WorkerCommand: Sendable, Hashable {
    /// READY for `service`. `capacity` is Reckon's extension: a fourth frame, in ASCII digits, saying how many
    /// requests the connection takes at once (nil when absent: one, as RFC 18 has it).
    case ready(service: String, capacity: Int?)
    /// A PARTIAL reply for the request whose address the broker gave as `requestID` (`nil`: an address that is not
    /// one of the broker's 8-byte ids).
    case partial(requestID: UInt64?, body: ZMQFrames)
    /// The FINAL reply (MDP/0.1's REPLY) for the request at `requestID`'s address.
    case final(requestID: UInt64?, body: ZMQFrames)
    case heartbeat
    case disconnect
}

/// A broker-to-worker command as the broker sends it, framed by ``BrokerWorkerCodec/encode(_:into:)``.
public enum WorkerMessage: Sendable, Hashable {
    /// A REQUEST whose client address is the request id, 8 bytes big-endian.
    case request(dialect: WorkerDialect, requestID: UInt64, body: ZMQFrames)
    case heartbeat(WorkerDialect)
    case disconnect(WorkerDialect)
}
