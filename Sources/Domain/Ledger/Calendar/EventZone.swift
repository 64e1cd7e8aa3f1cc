import Dates
import Foundation

/// Where an event's wall-clock times are read: an IANA time zone, whose offset changes with daylight saving time,
/// or a fixed ISO 8601 offset from UTC.
public enum EventZone: Sendable, Hashable, CustomStringConvertible {
    /// An IANA zone such as `America/Toronto`, with Foundation's tzdata.
    case named(String)
    /// A fixed offset east of UTC in seconds (`-05:00` is -18,000).
    case offset(Int)

    /// The zone `text` names: an IANA name that Foundation's tzdata knows, spelled as it spells it (or `UTC`), or a
    /// fixed offset `Z`, `±HH:MM` or `±HHMM` up to ±18:00.
    /// - Throws: ``CalendarError`` at `field` otherwise.
    public init(_ text: String, field: String) throws(CalendarError) {
        if let offset = Self.offsetSeconds(text) {
            self = .offset(offset)
        } else if Self.isKnownName(text) {
            self = .named(text)
        } else {
            throw CalendarError(
                "must be an IANA time zone such as America/Toronto or an offset such as -05:00, not \"\(text)\"",
                field: field
            )
        }
    }

    /// The IANA name, or the offset as `±HH:MM`.
    public var description: String {
        switch self {
        case .named(let name): name
        case .offset(let seconds): Self.offsetText(seconds)
        }
    }

    /// The IANA name, or `nil` for a fixed offset.
    public var name: String? {
        if case .named(let name) = self { name } else { nil }
    }

    /// The offset from UTC, in seconds, at `instant` (seconds since 1970).
    public func offset(at instant: Int64) -> Int {
        switch self {
        case .named(let name): Self.timeZone(name).secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
        case .offset(let seconds): seconds
        }
    }

    /// The wall-clock time in this zone at `instant`.
    public func local(at instant: Int64) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: instant + Int64(offset(at: instant)))
    }

    /// The instant (seconds since 1970) that the wall-clock time `local` names in this zone, as RFC 5545 reads it:
    /// a time that happens twice (when clocks go back) is the first of the two; a time that never happens (when
    /// clocks go forward) is read with the offset in effect before the gap, so it moves forward by the gap's length
    /// (02:30 on a night that skips 02:00 to 03:00 is 03:30).
    public func instant(of local: LocalDateTime) -> Int64 {
        let wall = local.secondsSinceEpoch
        guard case .named = self else { return wall - Int64(offset(at: wall)) }
        // At most one transition lies within a day of any time, so the offsets a day either side are the only ones
        // the wall-clock time can be read with.
        let before = offset(at: wall - 86_400)
        let after = offset(at: wall + 86_400)
        let readings = [wall - Int64(before), wall - Int64(after)].filter { Int64(offset(at: $0)) == wall - $0 }
        return readings.min() ?? wall - Int64(before)
    }

    /// `±HH:MM` for `seconds` east of UTC.
    public static func offsetText(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + CivilDate.pad(minutes / 60, 2) + ":" + CivilDate.pad(minutes % 60, 2)
    }

    /// The seconds east of UTC that `Z`, `±HH:MM` or `±HHMM` (hours up to 18, minutes below 60) names.
    static func offsetSeconds(_ text: String) -> Int? {
        if text == "Z" { return 0 }
        let bytes = Array(text.utf8)
        guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let digits = bytes.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 4, bytes.count == (bytes.contains(UInt8(ascii: ":")) ? 6 : 5),
            bytes.count == 5 || bytes[3] == UInt8(ascii: ":"),
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        let values = digits.map { Int($0 - UInt8(ascii: "0")) }
        let (hours, minutes) = (values[0] * 10 + values[1], values[2] * 10 + values[3])
        guard minutes < 60, hours * 60 + minutes <= 18 * 60 else { return nil }
        return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// Whether tzdata has a zone of that exact name (Foundation reads `GMT+5` as an offset, `GMT+0500`, so that
    /// is refused; it calls `UTC` `GMT`, so that is allowed by name).
    private static func isKnownName(_ name: String) -> Bool {
        name == "UTC" || TimeZone(identifier: name)?.identifier == name
    }

    /// Foundation's zone for a name ``init(_:field:)`` accepted.
    static func timeZone(_ name: String) -> TimeZone {
        TimeZone(identifier: name) ?? .gmt
    }
}
