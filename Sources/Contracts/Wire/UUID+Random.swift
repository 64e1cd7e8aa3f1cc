import Foundation

extension UUID {
    /// A random (version 4) UUID, as `UUID()` makes, from the system's generator (`getrandom`). On Linux, Foundation's
    /// `UUID()` opens, reads and closes `/dev/urandom` for each one, which a bridge or a worker would pay on every
    /// call.
    public static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var words = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &words) { bytes in
            bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
            bytes[8] = bytes[8] & 0x3F | 0x80  // the RFC 9562 variant
            return UUID(uuid: bytes.load(as: uuid_t.self))
        }
    }
}
