import CZeroMQ

/// A libzmq context. Contexts are thread-safe (`zmq(7)`), so this type is `Sendable`; sockets made from it are not.
///
/// Close every socket before the last reference to the context goes away: `deinit` calls `zmq_ctx_term`, which
/// waits for open sockets. ``shutdown()`` makes every blocking call on the context's sockets return `ETERM`.
public final class ZMQContext: Sendable {
    /// The `void *` context handle; libzmq synchronises access to it internally.
    nonisolated(unsafe) let handle: UnsafeMutableRawPointer

    /// Creates a context.
    /// - Parameter ioThreads: libzmq I/O threads (`ZMQ_IO_THREADS`); one is plenty below a few Gbit/s.
    /// - Throws: ``ZMQError`` when libzmq cannot create a context.
    public init(ioThreads: Int32 = 1) throws {
        guard let handle = zmq_ctx_new() else { throw ZMQError.current("zmq_ctx_new") }
        self.handle = handle
        try zmqCall("zmq_ctx_set") { zmq_ctx_set(handle, ZMQ_IO_THREADS, ioThreads) }
        // Sockets close without waiting for unsent messages unless they set a linger themselves.
        try zmqCall("zmq_ctx_set") { zmq_ctx_set(handle, ZMQ_BLOCKY, 0) }
    }

    /// Makes every blocking call on this context's sockets return `ETERM` so their owning loops can end.
    public func shutdown() {
        zmq_ctx_shutdown(handle)
    }

    deinit {
        while zmq_ctx_term(handle) == -1 && zmq_errno() == EINTR {}
    }

    /// The libzmq version this process is linked against, e.g. `4.3.4`.
    public static var libraryVersion: String {
        var major: Int32 = 0
        var minor: Int32 = 0
        var patch: Int32 = 0
        zmq_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// Whether libzmq was built with `capability` (for example `"curve"`).
    public static func has(_ capability: String) -> Bool {
        zmq_has(capability) == 1
    }
}
