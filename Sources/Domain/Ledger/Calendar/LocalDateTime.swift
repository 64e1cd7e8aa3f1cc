import Dates

/// A wall-clock date and time with no zone, to the second: what a clock on the wall shows.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The day.
    public var date: CivilDate
    /// Seconds since midnight, 0 to 86,399.
    public var secondOfDay: Int

    /// Creates the value; `secondOfDay` must be in 0..<86,400.
    public init(date: CivilDate, secondOfDay: Int) {
        self.date = date
        self.secondOfDay = secondOfDay
    }

    /// The wall-clock time `seconds` seconds after 1970-01-01T00:00:00 (as if the zone were UTC).
    public init(secondsSinceEpoch seconds: Int64) {
        let days = Int((seconds >= 0 ? seconds : seconds - 86_399) / 86_400)
        self.init(date: CivilDate(daysSinceEpoch: days), secondOfDay: Int(seconds - Int64(days) * 86_400))
    }

    /// Seconds since 1970-01-01T00:00:00, reading this wall-clock time as UTC.
    public var secondsSinceEpoch: Int64 { Int64(date.daysSinceEpoch) * 86_400 + Int64(secondOfDay) }

    /// `2026-03-08T09:00:00`.
    public var description: String {
        date.description + "T" + CivilDate.pad(secondOfDay / 3600, 2) + ":" + CivilDate.pad(secondOfDay / 60 % 60, 2)
            + ":" + CivilDate.pad(secondOfDay % 60, 2)
    }

    /// `20260308T090000`, the RFC 5545 DATE-TIME form without a zone.
    public var basicText: String {
        description.filter { $0 != "-" && $0 != ":" }
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
    }
}

extension CivilDate {
    /// `20260308`, the RFC 5545 DATE form.
    public var basicText: String { description.filter { $0 != "-" } }
}
