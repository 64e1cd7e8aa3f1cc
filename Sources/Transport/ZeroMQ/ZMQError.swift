import CZeroMQ

/// An error from a libzmq call: the `errno` it left and the function that failed.
public struct ZMQError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The raw `errno` value (`zmq_errno()`).
    public let code: Int32
    /// The libzmq function that failed, e.g. `zmq_bind`.
    public let function: String

    public init(code: Int32, function: String) {
        self.code = code
        self.function = function
    }

    /// The error for the calling thread's current `zmq_errno()`.
    static func current(_ function: String) -> ZMQError {
        ZMQError(code: zmq_errno(), function: function)
    }

    /// libzmq's description of the code.
    public var message: String { String(cString: zmq_strerror(code)) }

    public var description: String { "\(function) failed: \(message) (errno \(code))" }

    /// The context was terminated or shut down: the owning loop should close its sockets and end.
    public var isContextTerminated: Bool { code == Self.contextTerminated }
    /// A non-blocking call found nothing to do (`EAGAIN`).
    public var isWouldBlock: Bool { code == Self.wouldBlock }
    /// A signal interrupted the call (`EINTR`).
    public var isInterrupted: Bool { code == Self.interrupted }
    /// A ROUTER with `ZMQ_ROUTER_MANDATORY` has no peer of that identity (`EHOSTUNREACH`).
    public var isHostUnreachable: Bool { code == Self.hostUnreachable }

    // MARK: - Named codes

    /// `ETERM`, libzmq's own code for a terminated context.
    public static let contextTerminated = ETERM
    /// `EAGAIN`.
    public static let wouldBlock = EAGAIN
    /// `EINTR`.
    public static let interrupted = EINTR
    /// `EHOSTUNREACH`.
    public static let hostUnreachable = EHOSTUNREACH
    /// `ENOTSOCK`: the socket is closed.
    public static let notSocket = ENOTSOCK
    /// `EINVAL`.
    public static let invalidArgument = EINVAL
}

/// Runs a libzmq call that returns `-1` on failure, retrying on `EINTR`.
/// - Throws: ``ZMQError`` with the failing function's name.
@discardableResult
func zmqCall(_ function: String, _ body: () -> Int32) throws -> Int32 {
    while true {
        let result = body()
        if result != -1 { return result }
        let error = ZMQError.current(function)
        if !error.isInterrupted { throw error }
    }
}
