import CZeroMQ

/// Sends one multipart message on a socket as an encoder adds its frames (``ZMQSocket/send(dontWait:_:)``): each frame
/// goes out once the next is added, so the last goes without `ZMQ_SNDMORE`. A shared frame is sent with
/// `zmq_msg_copy`, which copies no bytes of a large frame. Once a send fails, later frames are dropped (a ROUTER
/// refuses a message at its first frame), and the failure is what the message's send throws.
public struct ZMQMessageSender: ZMQFrameSink {
    private let handle: UnsafeMutableRawPointer
    private let flags: Int32
    /// The frame added last, not yet sent: `zmq_msg_t` holds no pointer into itself, so it may live in a struct.
    private var held = zmq_msg_t()
    private var holding = false
    private(set) var failure: ZMQError?

    init(handle: UnsafeMutableRawPointer, dontWait: Bool) {
        self.handle = handle
        flags = dontWait ? ZMQ_DONTWAIT : 0
    }

    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard sendHeld(more: true) else { return }
        guard zmq_msg_init_size(&held, bytes.count) == 0 else {
            failure = ZMQError.current("zmq_msg_init_size")
            return
        }
        if let base = bytes.baseAddress { zmq_msg_data(&held).copyMemory(from: base, byteCount: bytes.count) }
        holding = true
    }

    public mutating func add(frame index: Int, of message: ZMQMessage) {
        guard sendHeld(more: true) else { return }
        zmq_msg_init(&held)
        zmq_msg_copy(&held, message.frame(index))
        holding = true
    }

    /// Sends the held frame, the last of the message unless `more`.
    /// - Returns: whether the message may go on (no send has failed).
    @discardableResult
    mutating func sendHeld(more: Bool) -> Bool {
        guard failure == nil else { return false }
        guard holding else { return true }
        holding = false
        let flags = more ? flags | ZMQ_SNDMORE : flags
        while zmq_msg_send(&held, handle, flags) == -1 {
            let error = ZMQError.current("zmq_msg_send")
            guard error.isInterrupted else {
                // A frame libzmq did not take is still ours to close.
                zmq_msg_close(&held)
                failure = error
                return false
            }
        }
        return true
    }
}
