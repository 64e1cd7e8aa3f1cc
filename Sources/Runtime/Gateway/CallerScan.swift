import Glibc
import Majordomo
import Wire
import ZeroMQ

/// Reads the end caller a request body names: its top-level JSON `caller` member (``Majordomo/EndCaller``).
enum CallerScan {
    /// The first body frame's `caller`. A body with neither a backslash (a key may be written with escapes) nor the
    /// bytes `"caller"` costs a `memchr` and a search of its quotes; any other is scanned (``Wire/JSONMemberScan``), which stops
    /// at the member: bridges send it first.
    @Sendable static func endCaller(in body: ZMQFrames) -> EndCaller {
        guard !body.isEmpty else { return .none }
        return body.withBytes(at: 0) { bytes in
            guard let base = bytes.baseAddress, bytes.count > 8 else { return .none }
            let escaped = memchr(base, Int32(UInt8(ascii: "\\")), bytes.count) != nil
            guard escaped || contains(Self.quotedName, in: bytes) else { return .none }
            guard let caller = JSONMemberScan.string(named: "caller", in: bytes) else {
                return JSONMemberScan.contains(named: "caller", in: bytes) ? .invalid : .none
            }
            return (1...EndCaller.maximumLength).contains(caller.utf8.count) ? .named(caller) : .invalid
        }
    }

    private static let quotedName = Array("\"caller\"".utf8)

    /// Whether `needle` (which starts with a quote) occurs in `bytes`: each quote found with `memchr`, then compared.
    private static func contains(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var start = 0
        while bytes.count - start >= needle.count,
            let found = memchr(base + start, Int32(needle[0]), bytes.count - start - needle.count + 1)
        {
            let at = base.distance(to: UnsafeRawPointer(found))
            if memcmp(base + at, needle, needle.count) == 0 { return true }
            start = at + 1
        }
        return false
    }
}
