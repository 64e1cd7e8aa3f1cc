import Dates
import Foundation

/// A date, or a date and wall-clock time with an optional UTC offset, parsed from ISO 8601.
///
/// Date-only values are civil days (no zone, no daylight saving): differences between them are whole days.
public struct DateTime: Sendable, Hashable, CustomStringConvertible {
    public var date: CivilDate
    /// Seconds since local midnight, when a time was given.
    public var secondsOfDay: Int?
    /// The UTC offset in seconds, when one was given (or resolved from a time zone).
    public var offsetSeconds: Int?

    public init(date: CivilDate, secondsOfDay: Int? = nil, offsetSeconds: Int? = nil) {
        self.date = date
        self.secondsOfDay = secondsOfDay
        self.offsetSeconds = offsetSeconds
    }

    /// Whether a time of day was given.
    public var hasTime: Bool { secondsOfDay != nil }

    /// Parses `2024-01-31`, `2024-01-31T18:30`, `2024-01-31T18:30:05Z`, `2024-01-31 18:30:05-05:00`; `t` and `z`
    /// may be lower case, as RFC 3339 allows.
    ///
    /// A date-time without an offset takes `timeZone` (an IANA name) when given, else UTC.
    /// - Throws: ``CalculatorError`` `invalid_argument` naming `field`.
    public init(parsing text: String, timeZone: String? = nil, field: String) throws {
        let bytes = Array(text.utf8)
        func fail() -> CalculatorError {
            CalculatorError(
                .invalidArgument,
                "\(field) must be an ISO 8601 date or date-time, got '\(text)'",
                field: field
            )
        }
        func number(_ range: Range<Int>) throws -> Int {
            guard range.upperBound <= bytes.count,
                let value = Int(String(decoding: bytes[range], as: UTF8.self))
            else { throw fail() }
            return value
        }
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let date = CivilDate(year: try number(0..<4), month: try number(5..<7), day: try number(8..<10))
        else { throw fail() }
        self.init(date: date)
        guard bytes.count > 10 else { return }
        guard [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]), bytes.count >= 16,
            bytes[13] == UInt8(ascii: ":")
        else { throw fail() }
        let hour = try number(11..<13)
        let minute = try number(14..<16)
        var second = 0
        var cursor = 16
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") {
            second = try number(17..<19)
            cursor = 19
            // Fractions of a second are accepted and dropped: results are in whole seconds.
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
                cursor += 1
                while cursor < bytes.count, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9") {
                    cursor += 1
                }
            }
        }
        guard hour < 24, minute < 60, second < 61 else { throw fail() }
        secondsOfDay = hour * 3600 + minute * 60 + second
        if cursor == bytes.count {
            offsetSeconds = try timeZone.map { try Self.offset(of: $0, at: self) } ?? 0
        } else if bytes[cursor] | 0x20 == UInt8(ascii: "z") && cursor + 1 == bytes.count {
            offsetSeconds = 0
        } else if bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") {
            let sign = bytes[cursor] == UInt8(ascii: "-") ? -1 : 1
            let hours = try number(cursor + 1..<cursor + 3)
            let colon = cursor + 3 < bytes.count && bytes[cursor + 3] == UInt8(ascii: ":")
            let minuteStart = colon ? cursor + 4 : cursor + 3
            let minutes = minuteStart < bytes.count ? try number(minuteStart..<minuteStart + 2) : 0
            guard minuteStart + (minuteStart < bytes.count ? 2 : 0) == bytes.count, hours < 24, minutes < 60
            else { throw fail() }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        } else {
            throw fail()
        }
    }

    /// The UTC offset of the IANA zone `name` at the wall time `local`.
    private static func offset(of name: String, at local: DateTime) throws -> Int {
        guard let zone = TimeZone(identifier: name) else {
            throw CalculatorError(.notFound, "unknown time zone '\(name)'", field: "timeZone")
        }
        let wall = Double(local.date.daysSinceEpoch * 86_400 + (local.secondsOfDay ?? 0))
        let guess = zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall))
        return zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - Double(guess)))
    }

    /// Seconds since 1970-01-01T00:00Z; date-only values count from their civil midnight.
    public var instant: Int {
        date.daysSinceEpoch * 86_400 + (secondsOfDay ?? 0) - (offsetSeconds ?? 0)
    }

    /// The same instant on the wall clock of `offset`.
    func shifted(toOffset offset: Int) -> DateTime {
        let local = instant + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return DateTime(
            date: CivilDate(daysSinceEpoch: days),
            secondsOfDay: local - days * 86_400,
            offsetSeconds: offset
        )
    }

    /// ISO 8601: `2024-02-29`, or `2024-02-29T18:30:00-05:00`.
    public var description: String {
        guard let seconds = secondsOfDay else { return date.description }
        let time =
            CivilDate.pad(seconds / 3600, 2) + ":" + CivilDate.pad(seconds / 60 % 60, 2) + ":"
            + CivilDate.pad(seconds % 60, 2)
        let offset = offsetSeconds ?? 0
        let zone =
            offset == 0
            ? "Z"
            : (offset < 0 ? "-" : "+") + CivilDate.pad(abs(offset) / 3600, 2) + ":"
                + CivilDate.pad(abs(offset) / 60 % 60, 2)
        return "\(date)T\(time)\(zone)"
    }
}
