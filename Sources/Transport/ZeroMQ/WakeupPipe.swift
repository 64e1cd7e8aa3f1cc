#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe that lets any thread wake a loop blocked in a poll (``ZMQPoller`` or ``ZMQSignalPoller``).
///
/// `signal()` is safe from any thread (a `write(2)` of one byte); the owning loop polls ``readDescriptor`` and
/// calls ``drain()`` when it is readable. Both ends are non-blocking.
public final class WakeupPipe: Sendable {
    /// The end to poll.
    public let readDescriptor: Int32
    private let writeDescriptor: Int32

    /// - Throws: ``ZMQError`` with the `pipe` errno.
    public init() throws {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw ZMQError(code: errno, function: "pipe") }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Wakes the polling loop. A full pipe already guarantees a wake-up, so a failed write is harmless.
    public func signal() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Empties the pipe after a wake-up.
    public func drain() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            while read(readDescriptor, buffer.baseAddress, buffer.count) > 0 {}
        }
    }
}
