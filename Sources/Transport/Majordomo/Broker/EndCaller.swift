import ZeroMQ

/// The end caller a trusted client (a bridge) names for a request: the broker keys that client's limits and fair
/// turns by (routing id, caller) for it, so every user behind one bridge has a bucket, a pending count and a turn of
/// their own rather than sharing the bridge's. How a body names its caller is the owner's to read
/// (``BrokerConfiguration/endCaller``); Reckon's gateway reads a top-level JSON `caller` member.
public enum EndCaller: Sendable, Equatable {
    /// The request names no caller: it counts as its client's own.
    case none
    /// The request is for this caller.
    case named(String)
    /// The request names a caller in a form the owner refuses.
    case invalid

    /// The longest caller name taken, in bytes.
    public static let maximumLength = 255

    /// The key the broker counts a caller's requests under: the client's routing id, a 0xFF byte (never in UTF-8)
    /// and the caller's name, so two bridges' callers of one name stay apart.
    public static func key(client: ZMQRoutingID, caller: String) -> ZMQRoutingID {
        ZMQRoutingID(client.bytes + [0xFF] + Array(caller.utf8))
    }
}
