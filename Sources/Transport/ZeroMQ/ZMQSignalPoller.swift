import CZeroMQ

#if canImport(Glibc)
import Glibc

private let systemPoll = Glibc.poll
#elseif canImport(Darwin)
import Darwin

private let systemPoll = Darwin.poll
#endif

/// Waits with one `poll(2)` on sockets' notification descriptors (`ZMQ_FD`) and plain file descriptors: the poller
/// for loops that serve many sockets or many messages a second.
///
/// ``ZMQPoller`` (`zmq_poll`) asks every socket for `ZMQ_EVENTS` before and after it waits, and each ask of an idle
/// socket costs libzmq two system calls (a fork check and a look at the socket's mailbox). This poller looks at
/// no socket: it only reports which ones libzmq has signalled since their news was last taken in.
///
/// A signal means news, not a message, and any call on a socket may take its news in. So the caller must:
/// - read a signalled socket until it would block;
/// - before waiting again, read until it would block every socket it has used in any other way (sent on, say)
///   since it last did so; ``poll(timeout:)`` with a zero timeout is the way to do both in one turn.
public struct ZMQSignalPoller {
    private var items: [pollfd] = []

    public init() {}

    /// Adds `socket`; returns the index to query after polling.
    /// - Throws: ``ZMQError`` when the socket is closed.
    @discardableResult
    public mutating func add(_ socket: ZMQSocket) throws -> Int {
        try add(fileDescriptor: socket.notificationDescriptor)
    }

    /// Adds a plain file descriptor (a pipe's read end, say) for readability; returns its index.
    @discardableResult
    public mutating func add(fileDescriptor: Int32) -> Int {
        items.append(pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0))
        return items.count - 1
    }

    /// Waits until an item is signalled or `timeout` passes (`nil` waits forever), in whole milliseconds rounded up.
    /// - Returns: how many items are signalled (0 on timeout or when a signal interrupted the wait).
    /// - Throws: ``ZMQError`` with `poll`'s errno.
    @discardableResult
    public mutating func poll(timeout: Duration?) throws -> Int {
        let milliseconds = Int32(clamping: timeout.map(\.pollMilliseconds) ?? -1)
        let count = nfds_t(items.count)
        let result = items.withUnsafeMutableBufferPointer { systemPoll($0.baseAddress, count, milliseconds) }
        if result == -1 {
            if errno == EINTR {
                for index in items.indices { items[index].revents = 0 }
                return 0
            }
            throw ZMQError(code: errno, function: "poll")
        }
        return Int(result)
    }

    /// Whether item `index` was signalled (or, for a plain descriptor, readable) at the last poll.
    public func isSignalled(_ index: Int) -> Bool {
        items[index].revents & Int16(POLLIN | POLLERR | POLLHUP) != 0
    }
}
