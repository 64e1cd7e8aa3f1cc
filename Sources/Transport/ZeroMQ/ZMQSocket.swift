import CZeroMQ

/// A libzmq socket, owned by one thread: not `Sendable`, as libzmq sockets are not thread-safe.
///
/// Messages are multipart: an array of frames, each `[UInt8]`, or, on the hot paths, a ``ZMQMessage`` of libzmq's own
/// frames, read and sent without copies (``receive(dontWait:limits:)``, ``send(dontWait:_:)``). ``close()`` is
/// idempotent and `deinit` calls it.
public final class ZMQSocket {
    /// The socket's `void *` handle, or `nil` once closed.
    private(set) var handle: UnsafeMutableRawPointer?
    public let type: ZMQSocketType
    /// Held so the context cannot be terminated (which waits for open sockets) while this socket is open.
    private let context: ZMQContext
    /// The frames of a message being received, until they move into its ``ZMQMessage``; grown as needed and kept.
    private var receiving = ReceiveBuffer()

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

    deinit {
        close()
        receiving.deallocate()
    }

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
        let handle = try requireHandle("zmq_send")
        let baseFlags = dontWait ? ZMQ_DONTWAIT : 0
        var remaining = frames.count
        for frame in frames {
            remaining -= 1
            try Self.send(frame, on: handle, flags: remaining == 0 ? baseFlags : baseFlags | ZMQ_SNDMORE)
        }
    }

    private static func send(_ frame: [UInt8], on handle: UnsafeMutableRawPointer, flags: Int32) throws {
        _ = try frame.withUnsafeBytes { bytes in
            try zmqCall("zmq_send") { zmq_send(handle, bytes.baseAddress, bytes.count, flags) }
        }
    }

    /// Sends one multipart message of the frames `write` adds, none of them copied into a Swift array first; adding
    /// nothing sends nothing.
    /// - Parameter dontWait: fail with `EAGAIN` instead of blocking when the peer's queue is full.
    /// - Throws: ``ZMQError`` from `zmq_msg_send` (`EHOSTUNREACH` for an unknown peer on a mandatory ROUTER).
    public func send(dontWait: Bool = false, _ write: (inout ZMQMessageSender) -> Void) throws {
        var sender = ZMQMessageSender(handle: try requireHandle("zmq_msg_send"), dontWait: dontWait)
        write(&sender)
        sender.sendHeld(more: false)
        if let failure = sender.failure { throw failure }
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

    /// Receives one whole multipart message, copying each frame into an array.
    /// - Parameter dontWait: return `nil` instead of blocking when no message is waiting.
    /// - Returns: the frames, or `nil` when `dontWait` is set and nothing was waiting.
    /// - Throws: ``ZMQError`` from `zmq_msg_recv` (`ETERM` when the context shuts down).
    public func receive(dontWait: Bool = false) throws -> [[UInt8]]? {
        var frames: [[UInt8]] = []
        // Room for an MDP message's usual frames, so appending them does not grow the array again and again.
        frames.reserveCapacity(8)
        let received = try receiveFrames(dontWait: dontWait, limits: .unlimited) { frame in
            let size = zmq_msg_size(frame)
            let data = zmq_msg_data(frame)
            frames.append(size > 0 && data != nil ? Array(UnsafeRawBufferPointer(start: data, count: size)) : [])
        }
        return received == nil ? nil : frames
    }

    /// Receives one whole multipart message as libzmq holds it, keeping only what fits `limits`, with the `User-Id` a
    /// ZAP handler gave its connection. No frame is copied.
    /// - Parameter dontWait: return `nil` instead of blocking when no message is waiting.
    /// - Returns: the message, or `nil` when `dontWait` is set and nothing was waiting.
    /// - Throws: ``ZMQError`` from `zmq_msg_recv` (`ETERM` when the context shuts down).
    public func receive(dontWait: Bool = false, limits: ReceiveLimits) throws -> ReceivedMessage? {
        defer { receiving.closeAll() }
        let tally = try receiveFrames(dontWait: dontWait, limits: limits) { zmq_msg_move(receiving.append(), $0) }
        return tally.map { ReceivedMessage(message: receiving.takeMessage(), tally: $0) }
    }

    /// Receives one whole multipart message frame by frame, handing each frame within `limits` to `keep` (which may
    /// move it out); the rest are read, counted and closed.
    /// - Returns: the counts and `User-Id`, or `nil` when `dontWait` is set and nothing was waiting.
    private func receiveFrames(
        dontWait: Bool,
        limits: ReceiveLimits,
        keep: (UnsafeMutablePointer<zmq_msg_t>) -> Void
    ) throws -> ReceiveTally? {
        let handle = try requireHandle("zmq_msg_recv")
        var message = ReceiveTally()
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
                if position >= limits.exemptFrames {
                    message.frameCount += 1
                    message.byteCount += zmq_msg_size(frame)
                    let fits = message.frameCount <= limits.frames && message.byteCount <= limits.bytes
                    message.exceedsLimits = message.exceedsLimits || !fits
                    guard !message.exceedsLimits else { return true }
                }
                keep(frame)
                return true
            }
            guard received else { return nil }
            position += 1
        }
        return message
    }
}
