/// Caps on what ``ZMQSocket/receive(dontWait:limits:)`` copies out of one message. Frames past either cap are
/// still read from libzmq, so the message is consumed whole, but they are counted and discarded, not copied.
public struct ReceiveLimits: Sendable, Hashable {
    /// Most frames kept, not counting the exempt ones.
    public var frames: Int
    /// Most bytes kept, summed over the counted frames.
    public var bytes: Int
    /// Leading frames neither counted nor capped (a ROUTER's routing id).
    public var exemptFrames: Int

    /// No cap: every frame is kept.
    public static let unlimited = ReceiveLimits(frames: .max, bytes: .max)

    public init(frames: Int, bytes: Int, exemptFrames: Int = 0) {
        self.frames = frames
        self.bytes = bytes
        self.exemptFrames = exemptFrames
    }
}

/// A message as ``ZMQSocket/receive(dontWait:limits:)`` read it.
public struct ReceivedMessage {
    /// The frames kept: the exempt ones, then counted frames up to the first that would pass a cap.
    public let message: ZMQMessage
    /// What was counted while reading it.
    var tally: ReceiveTally

    /// Counted frames in the whole message.
    public var frameCount: Int { tally.frameCount }
    /// Bytes in the counted frames of the whole message.
    public var byteCount: Int { tally.byteCount }
    /// Whether the message passed a cap, so ``message`` stops short of it.
    public var exceedsLimits: Bool { tally.exceedsLimits }
    /// The `User-Id` its connection authenticated as, when a ZAP handler accepted it (`zmq_msg_gets`).
    public var userID: String? { tally.userID }
}

/// What reading one message counted, whatever was kept of it.
struct ReceiveTally: Sendable {
    var frameCount = 0
    var byteCount = 0
    var exceedsLimits = false
    var userID: String?
}
