import CZeroMQ

/// The frames of one multipart message as libzmq holds them (`zmq_msg_t`), in one allocation with the object: read
/// from a socket and sent on again without their bytes being copied into Swift arrays.
///
/// Sending a frame again (``ZMQFrameSink/add(frame:of:)``) shares it: libzmq counts a reference to a large frame, and
/// a frame of up to 33 bytes lives inside its `zmq_msg_t`. A message does not change once built, but sharing a frame
/// updates libzmq's reference count without a lock, so a message belongs to one thread at a time (the gateway loop's):
/// ``ZMQFrames``, which carries one, is `Sendable` on that understanding.
public final class ZMQMessage: ManagedBuffer<Int, zmq_msg_t> {
    /// A message taking over the `count` frames at `frames`, which are left uninitialised.
    static func moving(_ count: Int, from frames: UnsafeMutablePointer<zmq_msg_t>) -> ZMQMessage {
        let message = unsafeDowncast(create(minimumCapacity: count) { _ in count }, to: ZMQMessage.self)
        // A `zmq_msg_t` holds no pointer into itself, so frames move bytewise (as `zmq_msg_move` moves them).
        message.withUnsafeMutablePointerToElements { $0.moveInitialize(from: frames, count: count) }
        return message
    }

    /// A message holding copies of `frames`: what a test or a built-in reply sends.
    public static func copying(_ frames: [[UInt8]]) -> ZMQMessage {
        withUnsafeTemporaryAllocation(of: zmq_msg_t.self, capacity: max(1, frames.count)) { buffer in
            for (index, frame) in frames.enumerated() {
                let slot = buffer.baseAddress! + index
                // Fails only when memory runs out, which a Swift array of the same bytes could not survive either.
                let initialised = zmq_msg_init_size(slot, frame.count) == 0
                precondition(initialised, "zmq_msg_init_size: \(ZMQError.current("zmq_msg_init_size"))")
                frame.withUnsafeBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    zmq_msg_data(slot).copyMemory(from: base, byteCount: bytes.count)
                }
            }
            return moving(frames.count, from: buffer.baseAddress!)
        }
    }

    deinit {
        withUnsafeMutablePointers { count, frames in
            for index in 0..<count.pointee { zmq_msg_close(frames + index) }
        }
    }

    /// How many frames it holds.
    public var count: Int { header }

    /// Frame `index`'s `zmq_msg_t`.
    func frame(_ index: Int) -> UnsafeMutablePointer<zmq_msg_t> {
        precondition(index >= 0 && index < count, "frame \(index) of a message of \(count)")
        return withUnsafeMutablePointerToElements { $0 + index }
    }

    /// The size of frame `index`, in bytes.
    public func size(of index: Int) -> Int { zmq_msg_size(frame(index)) }

    /// Calls `body` with frame `index`'s bytes, valid only during the call.
    public func withBytes<Result>(of index: Int, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        let message = frame(index)
        return try body(UnsafeRawBufferPointer(start: zmq_msg_data(message), count: zmq_msg_size(message)))
    }

    /// A copy of frame `index`'s bytes.
    public func bytes(of index: Int) -> [UInt8] { withBytes(of: index) { Array($0) } }
}
