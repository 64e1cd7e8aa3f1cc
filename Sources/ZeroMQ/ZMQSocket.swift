import CZeroMQ

/// A libzmq socket, owned by one thread: not `Sendable`, as libzmq sockets are not thread-safe.
///
/// Messages are multipart: an array of frames, each `[UInt8]`. ``close()`` is idempotent and `deinit` calls it.
public final class ZMQSocket {
    /// The socket's `void *` handle, or `nil` once closed.
    private(set) var handle: UnsafeMutableRawPointer?
    public let type: ZMQSocketType
    /// Held so the context cannot be terminated (which waits for open sockets) while this socket is open.
    private let context: ZMQContext

    /// Creates a socket of `type` in `context` with linger 0, so closing never waits for unsent messages.
    /// - Throws: ``ZMQError``.
    public init(context: ZMQContext, type: ZMQSocketType) throws {
        guard let handle = zmq_socket(context.handle, type.rawValue) else {
            throw ZMQError.current("zmq_socket")
        }
        self.handle = handle
        self.type = type
        self.context = context
        try setOption(ZMQ_LINGER, Int32(0))
    }

    deinit { close() }

    /// Closes the socket; later calls do nothing.
    public func close() {
        guard let handle else { return }
        zmq_close(handle)
        self.handle = nil
    }

    func requireHandle(_ function: String) throws -> UnsafeMutableRawPointer {
        guard let handle else { throw ZMQError(code: ENOTSOCK, function: function) }
        return handle
    }

    // MARK: - Endpoints

    /// Binds to `endpoint` (`tcp://127.0.0.1:*` picks a free port; read it back with ``lastEndpoint``).
    /// - Throws: ``ZMQError`` from `zmq_bind`.
    public func bind(_ endpoint: String) throws {
        let handle = try requireHandle("zmq_bind")
        try zmqCall("zmq_bind") { zmq_bind(handle, endpoint) }
    }

    /// Connects to `endpoint`; libzmq reconnects by itself when the peer goes away.
    /// - Throws: ``ZMQError`` from `zmq_connect`.
    public func connect(_ endpoint: String) throws {
        let handle = try requireHandle("zmq_connect")
        try zmqCall("zmq_connect") { zmq_connect(handle, endpoint) }
    }

    /// The endpoint the socket last bound to, with the real port when `*` was asked for.
    /// - Throws: ``ZMQError`` from `zmq_getsockopt`.
    public var lastEndpoint: String {
        get throws {
            var buffer = [CChar](repeating: 0, count: 256)
            var size = buffer.count
            let handle = try requireHandle("zmq_getsockopt")
            try zmqCall("zmq_getsockopt") { zmq_getsockopt(handle, ZMQ_LAST_ENDPOINT, &buffer, &size) }
            return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    // MARK: - Messages

    /// Sends a multipart message.
    /// - Parameters:
    ///   - frames: the frames, in order; an empty array sends nothing.
    ///   - dontWait: fail with `EAGAIN` instead of blocking when the peer's queue is full.
    /// - Throws: ``ZMQError`` from `zmq_send` (`EHOSTUNREACH` for an unknown peer on a mandatory ROUTER).
    public func send(_ frames: [[UInt8]], dontWait: Bool = false) throws {
        guard let first = frames.first else { return }
        try send(first, then: frames.dropFirst(), dontWait: dontWait)
    }

    /// Sends `first` and then `rest` as one multipart message, without joining them into one array first (a
    /// ROUTER's routing id before the frames it routes).
    /// - Parameter dontWait: fail with `EAGAIN` instead of blocking when the peer's queue is full.
    /// - Throws: ``ZMQError`` from `zmq_send` (`EHOSTUNREACH` for an unknown peer on a mandatory ROUTER).
    public func send(_ first: [UInt8], then rest: ArraySlice<[UInt8]>, dontWait: Bool = false) throws {
        let handle = try requireHandle("zmq_send")
        let baseFlags = dontWait ? ZMQ_DONTWAIT : 0
        var remaining = rest.count
        try Self.send(first, on: handle, flags: remaining == 0 ? baseFlags : baseFlags | ZMQ_SNDMORE)
        for frame in rest {
            remaining -= 1
            try Self.send(frame, on: handle, flags: remaining == 0 ? baseFlags : baseFlags | ZMQ_SNDMORE)
        }
    }

    private static func send(_ frame: [UInt8], on handle: UnsafeMutableRawPointer, flags: Int32) throws {
        _ = try frame.withUnsafeBytes { bytes in
            try zmqCall("zmq_send") { zmq_send(handle, bytes.baseAddress, bytes.count, flags) }
        }
    }

    /// Receives one frame into `frame`, retrying on `EINTR`. Returns `false` when the `first` frame of a message is
    /// not there (`ZMQ_DONTWAIT`, or the receive timeout passed), without throwing: draining a socket ends that way
    /// every time.
    private static func receive(
        _ frame: UnsafeMutablePointer<zmq_msg_t>,
        on handle: UnsafeMutableRawPointer,
        flags: Int32,
        first: Bool
    ) throws -> Bool {
        while zmq_msg_recv(frame, handle, flags) == -1 {
            let code = zmq_errno()
            if code == ZMQError.wouldBlock && first { return false }
            if code != ZMQError.interrupted { throw ZMQError(code: code, function: "zmq_msg_recv") }
        }
        return true
    }

    /// Receives one whole multipart message.
    /// - Parameter dontWait: return `nil` instead of blocking when no message is waiting.
    /// - Returns: the frames, or `nil` when `dontWait` is set and nothing was waiting.
    /// - Throws: ``ZMQError`` from `zmq_msg_recv` (`ETERM` when the context shuts down).
    public func receive(dontWait: Bool = false) throws -> [[UInt8]]? {
        let unlimited = ReceiveLimits(frames: .max, bytes: .max)
        return try receive(dontWait: dontWait, limits: unlimited)?.frames
    }

    /// Receives one whole multipart message, copying out only what fits `limits`, with the `User-Id` a ZAP handler
    /// gave its connection.
    /// - Parameter dontWait: return `nil` instead of blocking when no message is waiting.
    /// - Returns: the message, or `nil` when `dontWait` is set and nothing was waiting.
    /// - Throws: ``ZMQError`` from `zmq_msg_recv` (`ETERM` when the context shuts down).
    public func receive(dontWait: Bool = false, limits: ReceiveLimits) throws -> ReceivedMessage? {
        let handle = try requireHandle("zmq_msg_recv")
        var message = ReceivedMessage(frames: [], frameCount: 0, byteCount: 0, exceedsLimits: false)
        // Room for an MDP message's usual frames, so appending them does not grow the array again and again.
        message.frames.reserveCapacity(8)
        var position = 0
        var more = true
        while more {
            let received: Bool = try withUnsafeTemporaryAllocation(of: zmq_msg_t.self, capacity: 1) { buffer in
                let frame = buffer.baseAddress!
                zmq_msg_init(frame)
                defer { zmq_msg_close(frame) }
                // Only the first frame may be absent; the rest of a multipart message arrives atomically.
                let first = position == 0
                guard try Self.receive(frame, on: handle, flags: first && dontWait ? ZMQ_DONTWAIT : 0, first: first)
                else { return false }
                more = zmq_msg_more(frame) == 1
                // Asked of the first two frames, until one answers: the routing-id frame a ROUTER puts first carries
                // no metadata, and every frame the peer sent carries its connection's, so later frames add nothing.
                if message.userID == nil, position < 2, let userID = zmq_msg_gets(frame, "User-Id") {
                    message.userID = String(cString: userID)
                }
                let size = zmq_msg_size(frame)
                if position >= limits.exemptFrames {
                    message.frameCount += 1
                    message.byteCount += size
                    let fits = message.frameCount <= limits.frames && message.byteCount <= limits.bytes
                    message.exceedsLimits = message.exceedsLimits || !fits
                    guard !message.exceedsLimits else { return true }
                }
                let data = zmq_msg_data(frame)
                message.frames.append(
                    size > 0 && data != nil ? Array(UnsafeRawBufferPointer(start: data, count: size)) : []
                )
                return true
            }
            guard received else { return nil }
            position += 1
        }
        return message
    }
}
