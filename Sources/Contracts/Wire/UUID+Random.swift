import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UUID {
    /// A random (version 4) UUID, as `UUID()` makes, from the system's generator. On Linux, Foundation's `UUID()`
    /// opens, reads and closes `/dev/urandom` for each one, and the standard library's generator asks the kernel once
    /// for every 8 bytes; these come from ``RandomBytes``, which reads 4 KiB at a time.
    public static func random() -> UUID {
        var bytes = RandomBytes.take16()
        return withUnsafeMutableBytes(of: &bytes) { bytes in
            bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
            bytes[8] = bytes[8] & 0x3F | 0x80  // the RFC 9562 variant
            return UUID(uuid: bytes.load(as: uuid_t.self))
        }
    }
}

/// Bytes from the kernel's cryptographically secure generator (`/dev/urandom`, kept open), read 4 KiB at a time and
/// each handed out once, shared by the process's threads.
enum RandomBytes {
    private static let pool = Mutex(Pool())

    /// 16 bytes no one else is given.
    static func take16() -> (UInt64, UInt64) {
        pool.withLock { $0.take16() }
    }

    private struct Pool: ~Copyable {
        static let size = 4096
        var words = [UInt64](repeating: 0, count: size / 8)
        var next = size / 8
        var source: Int32 = -1

        mutating func take16() -> (UInt64, UInt64) {
            if next + 2 > words.count { refill() }
            defer { next += 2 }
            return (words[next], words[next + 1])
        }

        private mutating func refill() {
            if source < 0 { source = open("/dev/urandom", O_RDONLY | O_CLOEXEC) }
            words.withUnsafeMutableBytes { buffer in
                var filled = 0
                while source >= 0, filled < buffer.count {
                    let got = read(source, buffer.baseAddress! + filled, buffer.count - filled)
                    if got > 0 { filled += got } else if got == 0 || errno != EINTR { break }
                }
                filled -= filled % 8
                var generator = SystemRandomNumberGenerator()  // where /dev/urandom could not be read
                while filled < buffer.count {
                    buffer.storeBytes(of: generator.next() as UInt64, toByteOffset: filled, as: UInt64.self)
                    filled += 8
                }
            }
            next = 0
        }
    }
}
