/// The routing id a ROUTER socket gives one peer connection: its first frame of every message from that peer, and the
/// frame that addresses a message to it. Ids of up to 16 bytes (libzmq makes 5-byte ones) are held inline, so keeping
/// and hashing one allocates nothing.
public struct ZMQRoutingID: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: Sendable, Hashable {
        case inline(UInt64, UInt64, count: UInt8)
        case heap([UInt8])
    }

    private let storage: Storage
    private static let inlineCapacity = 16

    /// The id whose bytes are `bytes`.
    public init(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count <= Self.inlineCapacity else {
            storage = .heap(Array(bytes))
            return
        }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: bytes) }
        storage = .inline(words.0, words.1, count: UInt8(bytes.count))
    }

    /// The id whose bytes are `bytes`.
    public init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes(Self.init)
    }

    /// Calls `body` with the id's bytes, valid only during the call.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch storage {
        case .inline(let first, let second, let count):
            var words = (first, second)
            return try Swift.withUnsafeBytes(of: &words) {
                try body(UnsafeRawBufferPointer(rebasing: $0[..<Int(count)]))
            }
        case .heap(let bytes):
            return try bytes.withUnsafeBytes(body)
        }
    }

    /// A copy of the id's bytes.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    public var description: String { bytes.description }

    /// The id's bytes in lowercase hex: a short, cheap label (a span attribute, a log field).
    public var hex: String {
        withUnsafeBytes { bytes in
            String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
                let digits: StaticString = "0123456789abcdef"
                for (index, byte) in bytes.enumerated() {
                    buffer[2 * index] = digits.utf8Start[Int(byte >> 4)]
                    buffer[2 * index + 1] = digits.utf8Start[Int(byte & 0x0F)]
                }
                return bytes.count * 2
            }
        }
    }
}
