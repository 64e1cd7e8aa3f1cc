/// A day of the proleptic Gregorian calendar from year 1 to 9999, written `YYYY-MM-DD`, with no time zone.
struct CalendarDate: Hashable, Comparable, CustomStringConvertible {
    let year: Int
    let month: Int
    let day: Int

    /// A real date, or `nil` for out-of-range fields (February 30th, month 13, year 0).
    init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads exactly `YYYY-MM-DD` (ASCII digits, `-` separators) naming a real date, or returns `nil`.
    init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            bytes[range].reduce(0 as Int?) { value, byte in
                guard let value, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                return value * 10 + Int(byte - UInt8(ascii: "0"))
            }
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date `days` days after 1970-01-01 (Howard Hinnant's civil-from-days), or `nil` outside years 1–9999.
    init?(daysSinceEpoch days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(
            year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
            month: month,
            day: dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        )
    }

    /// Days since 1970-01-01 (negative before; Howard Hinnant's days-from-civil).
    var daysSinceEpoch: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Months since January of year 0, so that month arithmetic is plain integer arithmetic.
    var monthIndex: Int { year * 12 + month - 1 }

    /// Day `day` of the month with this ``monthIndex``, clamped to the month's last day (day 31 in April is the
    /// 30th), or `nil` outside years 1–9999.
    init?(monthIndex: Int, clampingDay day: Int) {
        let year = monthIndex / 12
        let month = monthIndex % 12 + 1
        guard (1...9999).contains(year) else { return nil }
        self.init(year: year, month: month, day: min(day, Self.daysIn(month: month, year: year)))
    }

    /// `YYYY-MM-DD`.
    var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            String(repeating: "0", count: width - String(value).count) + String(value)
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
