import ZeroMQ

extension ZMQFrames {
    /// The byte of the one-byte frame at `offset`, or `nil` when there is no such frame or it is not one byte.
    func byte(at offset: Int) -> UInt8? {
        size(at: offset) == 1 ? withBytes(at: offset) { $0[0] } : nil
    }

    /// Whether the frame at `offset` exists and is empty (MDP's delimiter).
    func isEmptyFrame(at offset: Int) -> Bool { size(at: offset) == 0 }
}
