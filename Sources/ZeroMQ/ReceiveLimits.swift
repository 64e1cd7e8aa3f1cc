/// Caps on what ``ZMQSocket/receive(dontWait:limits:)`` copies out of one message. Frames past either cap are
/// still read from libzmq, so the message is consumed whole, but they are counted and discarded, not copied.
public struct ReceiveLimits: Sendable, Hashable {
    /// Most frames kept, not counting the exempt ones.
    public var frames: Int
    /// Most bytes kept, summed over the counted frames.
    public var bytes: Int
    /// Leading frames neither counted nor capped (a ROUTER's routing id).
    public var exemptFrames: Int

    public init(frames: Int, bytes: Int, exemptFrames: Int = 0) {
        self.frames = frames
        self.bytes = bytes
        self.exemptFrames = exemptFrames
    }
}

/// A message as ``ZMQSocket/receive(dontWait:limits:)`` read it.
public struct ReceivedMessage: Sendable, Hashable {
    /// The frames kept: the exempt ones, then counted frames up to the first that would pass a cap.
    public var frames: [[UInt8]]
    /// Counted frames in the whole message.
    public var frameCount: Int
    /// Bytes in the counted frames of the whole message.
    public var byteCount: Int
    /// Whether the message passed a cap, so ``frames`` stops short of it.
    public var exceedsLimits: Bool
    /// The `User-Id` its connection authenticated as, when a ZAP handler accepted it (`zmq_msg_gets`).
    public var userID: String? = nil
}
