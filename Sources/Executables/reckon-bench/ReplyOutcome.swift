#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Majordomo

/// What a reply says, as far as the bench cares. Bodies are never parsed: byte searches tell the expected answer
/// from any other.
enum ReplyOutcome {
    /// The body holds everything the target expects: `"ok":true` and each `--expect` text.
    case ok
    /// An error (`"ok":false`) or a wrong answer; the body is kept so a report can show the first one.
    case error(body: [UInt8])
    /// A PARTIAL: the FINAL is still to come, and the request stays in flight.
    case partial
    /// Not a Majordomo reply to the request in flight.
    case malformed

    /// What every successful reply holds (Reckon writes compact JSON).
    static let okMarker = Array(#""ok":true"#.utf8)

    /// Classifies a reply body: ``ok`` when it holds every one of `target`'s expected texts.
    init(body: [UInt8], for target: BenchTarget) {
        self = target.expected.allSatisfy { Self.contains(body, $0) } ? .ok : .error(body: body)
    }

    /// Classifies a reply read by a client DEALER: `["MDPC02", FINAL or PARTIAL, service, body]`, from `target`'s
    /// service.
    init(clientReply frames: [[UInt8]], for target: BenchTarget) {
        guard frames.count == 4, frames[0] == ProtocolHeader.client02, frames[1].count == 1,
            frames[2] == target.serviceFrame
        else {
            self = .malformed
            return
        }
        switch frames[1][0] {
        case Command.clientFinal: self.init(body: frames[3], for: target)
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
