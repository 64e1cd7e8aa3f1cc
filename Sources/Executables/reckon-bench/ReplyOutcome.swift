#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Majordomo

/// What a reply says, as far as the bench cares. Bodies are never parsed: a byte search tells errors apart.
enum ReplyOutcome {
    case ok
    /// The body holds `"ok":false`; it is kept so a report can show the first one.
    case error(body: [UInt8])
    /// A PARTIAL: the FINAL is still to come, and the request stays in flight.
    case partial
    /// Not a Majordomo reply to the request in flight.
    case malformed

    private static let errorMarker = Array(#""ok":false"#.utf8)

    /// Classifies a reply body by searching it for `"ok":false` (Reckon writes compact JSON).
    init(body: [UInt8]) {
        self = Self.contains(body, Self.errorMarker) ? .error(body: body) : .ok
    }

    /// Classifies a reply read by a client DEALER: `["MDPC02", FINAL or PARTIAL, service, body]`.
    init(clientReply frames: [[UInt8]]) {
        guard frames.count == 4, frames[0] == ProtocolHeader.client02, frames[1].count == 1 else {
            self = .malformed
            return
        }
        switch frames[1][0] {
        case Command.clientFinal: self.init(body: frames[3])
        case Command.clientPartial: self = .partial
        default: self = .malformed
        }
    }

    /// Whether `needle` occurs in `haystack`: `memchr` finds each candidate first byte, `memcmp` checks the rest.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return needle.isEmpty }
        return haystack.withUnsafeBytes { text in
            needle.withUnsafeBytes { pattern in
                let base = text.baseAddress!
                let end = base + (text.count - pattern.count + 1)
                var cursor = base
                while cursor < end, let found = memchr(cursor, Int32(first), end - cursor) {
                    if memcmp(found, pattern.baseAddress!, pattern.count) == 0 { return true }
                    cursor = UnsafeRawPointer(found) + 1
                }
                return false
            }
        }
    }
}
