import CZeroMQ

/// Where a socket gathers the frames of the message it is receiving before they move, all together, into one
/// ``ZMQMessage`` of the right size. Owned by one socket; its room grows with the longest message and is kept.
struct ReceiveBuffer {
    private var frames: UnsafeMutablePointer<zmq_msg_t>
    private var capacity = 8
    private var count = 0

    init() { frames = .allocate(capacity: capacity) }

    /// A new last frame, initialised empty.
    mutating func append() -> UnsafeMutablePointer<zmq_msg_t> {
        if count == capacity {
            // A `zmq_msg_t` holds no pointer into itself, so frames move bytewise (as `zmq_msg_move` moves them).
            let grown = UnsafeMutablePointer<zmq_msg_t>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: frames, count: count)
            frames.deallocate()
            frames = grown
            capacity *= 2
        }
        let slot = frames + count
        zmq_msg_init(slot)
        count += 1
        return slot
    }

    /// Moves the frames gathered into a message, leaving the buffer empty.
    mutating func takeMessage() -> ZMQMessage {
        defer { count = 0 }
        return ZMQMessage.moving(count, from: frames)
    }

    /// Closes the frames gathered (a receive that failed part-way), leaving the buffer empty.
    mutating func closeAll() {
        for index in 0..<count { zmq_msg_close(frames + index) }
        count = 0
    }

    func deallocate() { frames.deallocate() }
}
