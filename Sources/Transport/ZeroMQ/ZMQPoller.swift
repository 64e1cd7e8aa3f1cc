import CZeroMQ

/// A set of sockets and file descriptors waited on together with `zmq_poll`.
///
/// Build it once per loop, then call ``poll(timeoutMilliseconds:)`` each turn and read ``isReadable(_:)``.
public struct ZMQPoller {
    private var items: [zmq_pollitem_t] = []

    public init() {}

    /// Adds `socket` for readability; returns the index to query after polling.
    @discardableResult
    public mutating func add(_ socket: ZMQSocket) -> Int {
        items.append(zmq_pollitem_t(socket: socket.handle, fd: -1, events: Int16(ZMQ_POLLIN), revents: 0))
        return items.count - 1
    }

    /// Adds a plain file descriptor (a pipe's read end, say) for readability; returns its index.
    @discardableResult
    public mutating func add(fileDescriptor: Int32) -> Int {
        items.append(zmq_pollitem_t(socket: nil, fd: fileDescriptor, events: Int16(ZMQ_POLLIN), revents: 0))
        return items.count - 1
    }

    /// Waits until an item is readable or the timeout passes.
    /// - Parameter timeoutMilliseconds: how long to wait; -1 waits forever, 0 only checks.
    /// - Returns: how many items are readable (0 on timeout or when a signal interrupted the wait).
    /// - Throws: ``ZMQError`` (`ETERM` when the context shuts down).
    @discardableResult
    public mutating func poll(timeoutMilliseconds: Int) throws -> Int {
        let count = Int32(items.count)
        let result = items.withUnsafeMutableBufferPointer { zmq_poll($0.baseAddress, count, timeoutMilliseconds) }
        if result == -1 {
            let error = ZMQError.current("zmq_poll")
            if error.isInterrupted { return 0 }
            throw error
        }
        return Int(result)
    }

    /// Waits until an item is readable or `timeout` passes (`nil` waits forever), rounding up to whole milliseconds.
    /// - Throws: ``ZMQError`` (`ETERM` when the context shuts down).
    @discardableResult
    public mutating func poll(timeout: Duration?) throws -> Int {
        try poll(timeoutMilliseconds: timeout.map(\.pollMilliseconds) ?? -1)
    }

    /// Whether item `index` was readable after the last poll.
    public func isReadable(_ index: Int) -> Bool {
        items[index].revents & Int16(ZMQ_POLLIN) != 0
    }
}

extension Duration {
    /// This duration in whole milliseconds for a poll's timeout, rounded up so a wait never ends early; 0 when
    /// negative.
    var pollMilliseconds: Int {
        let (seconds, attoseconds) = components
        return max(0, Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
    }
}
