/// Where an encoder writes one multipart message, frame by frame: a socket (``ZMQSocket/send(dontWait:_:)``) or a
/// ``ZMQFrameCollector``.
public protocol ZMQFrameSink {
    /// Adds a frame holding a copy of `bytes`.
    mutating func add(_ bytes: UnsafeRawBufferPointer)
    /// Adds frame `index` of `message`, shared rather than copied where libzmq allows.
    mutating func add(frame index: Int, of message: ZMQMessage)
}

extension ZMQFrameSink {
    /// Adds a frame holding `bytes`.
    public mutating func add(_ bytes: [UInt8]) { bytes.withUnsafeBytes { add($0) } }

    /// Adds a one-byte frame.
    public mutating func add(byte: UInt8) { Swift.withUnsafeBytes(of: byte) { add($0) } }

    /// Adds a frame holding `text` in UTF-8.
    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    /// Adds a frame holding the routing id.
    public mutating func add(_ id: ZMQRoutingID) { id.withUnsafeBytes { add($0) } }

    /// Adds every frame of `frames`, shared rather than copied where libzmq allows.
    public mutating func add(_ frames: ZMQFrames) {
        for index in frames.indices { add(frame: index, of: frames.message) }
    }
}

/// Collects what an encoder writes as byte arrays: the frames as a peer would read them.
public struct ZMQFrameCollector: ZMQFrameSink {
    public private(set) var frames: [[UInt8]] = []

    public init() {}

    public mutating func add(_ bytes: UnsafeRawBufferPointer) { frames.append(Array(bytes)) }

    public mutating func add(frame index: Int, of message: ZMQMessage) { frames.append(message.bytes(of: index)) }

    /// The frames `write` adds.
    public static func frames(_ write: (inout ZMQFrameCollector) -> Void) -> [[UInt8]] {
        var collector = ZMQFrameCollector()
        write(&collector)
        return collector.frames
    }
}
