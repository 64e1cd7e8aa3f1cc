/// A run of consecutive frames of one ``ZMQMessage``: a message without its routing id, or a request's body. It
/// keeps the message alive and copies nothing; two runs are equal when their frames hold the same bytes. Sendable so
/// that the state holding it can move to its thread; the message is then used there alone (see ``ZMQMessage``).
public struct ZMQFrames: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The message the frames belong to.
    public let message: ZMQMessage
    /// Their indices in it.
    public let indices: Range<Int>

    /// Frames `indices` of `message`.
    public init(_ message: ZMQMessage, indices: Range<Int>) {
        precondition(indices.lowerBound >= 0 && indices.upperBound <= message.count, "frames outside the message")
        self.message = message
        self.indices = indices
    }

    /// Every frame of `message`.
    public init(_ message: ZMQMessage) { self.init(message, indices: 0..<message.count) }

    /// Copies of `frames` in a message of their own.
    public init(_ frames: [[UInt8]]) { self.init(ZMQMessage.copying(frames)) }

    public var count: Int { indices.count }
    public var isEmpty: Bool { indices.isEmpty }

    /// The size of the frame at `offset` from the first, or `nil` past the last.
    public func size(at offset: Int) -> Int? {
        offset < count ? message.size(of: indices.lowerBound + offset) : nil
    }

    /// Calls `body` with the bytes of the frame at `offset` from the first (which must exist).
    public func withBytes<Result>(at offset: Int, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result
    {
        precondition(offset < count, "frame \(offset) of \(count)")
        return try message.withBytes(of: indices.lowerBound + offset, body)
    }

    /// A copy of the bytes of the frame at `offset` from the first (which must exist).
    public func bytes(at offset: Int) -> [UInt8] { withBytes(at: offset) { Array($0) } }

    /// Whether the frame at `offset` exists and holds exactly `bytes`.
    public func frame(at offset: Int, equals bytes: [UInt8]) -> Bool {
        offset < count && withBytes(at: offset) { $0.elementsEqual(bytes) }
    }

    /// The frames after the first `k`.
    public func dropFirst(_ k: Int = 1) -> ZMQFrames {
        ZMQFrames(message, indices: min(indices.lowerBound + k, indices.upperBound)..<indices.upperBound)
    }

    /// The first `k` frames (all of them, if there are fewer).
    public func prefix(_ k: Int) -> ZMQFrames {
        ZMQFrames(message, indices: indices.lowerBound..<min(indices.lowerBound + k, indices.upperBound))
    }

    /// Copies of the frames' bytes.
    public var arrays: [[UInt8]] { (0..<count).map(bytes(at:)) }

    public static func == (lhs: ZMQFrames, rhs: ZMQFrames) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return (0..<lhs.count).allSatisfy { offset in
            lhs.withBytes(at: offset) { left in rhs.withBytes(at: offset) { left.elementsEqual($0) } }
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for offset in 0..<count {
            withBytes(at: offset) {
                hasher.combine($0.count)
                hasher.combine(bytes: $0)
            }
        }
    }

    public var description: String { arrays.description }
}
