/// The span between two dates or date-times.
public struct DateDifference: Sendable, Hashable {
    /// Calendar units: whole years and months (end-of-month clamping) and the rest, all signed alike.
    public struct Calendar: Sendable, Hashable {
        public var years: Int
        public var months: Int
        public var days: Int
        public var hours: Int
        public var minutes: Int
        public var seconds: Int
    }

    public var from: DateTime
    public var to: DateTime
    /// Elapsed seconds (civil days × 86400 for dates; real elapsed time for date-times with zones).
    public var totalSeconds: Int
    public var calendar: Calendar
    /// Weekdays (Monday to Friday) from `from` inclusive to `to` exclusive, less the holidays given; negative
    /// when `to` is earlier.
    public var businessDays: Int

    /// Whole calendar months (years × 12 + months).
    public var wholeMonths: Int { calendar.years * 12 + calendar.months }

    /// The span in `unit` as exact text: totals for seconds...weeks (`52.1428571428571` for 365/7 days, with
    /// the fraction in the second element), whole calendar months or years, or business days.
    public func value(in unit: DateUnit, digits: Int = 15) -> (value: String, exactForm: String?) {
        let divisor: Int
        switch unit {
        case .months: return (String(wholeMonths), nil)
        case .years: return (String(calendar.years), nil)
        case .businessDays: return (String(businessDays), nil)
        case .seconds: divisor = 1
        case .minutes: divisor = 60
        case .hours: divisor = 3600
        case .days: divisor = 86_400
        case .weeks: divisor = 604_800
        }
        let value = Rational(totalSeconds, divisor)
        if let decimal = value.terminatingDecimal { return (decimal, nil) }
        return (value.formatted(significantDigits: digits), value.fractionText)
    }
}

/// Units for date arithmetic.
public enum DateUnit: String, Sendable, Hashable, CaseIterable, Codable {
    case seconds, minutes, hours, days, weeks, months, years, businessDays

    /// Accepts singular and plural spellings and short forms (`day`, `d`, `wk`, `business days`).
    public init?(spelling: String) {
        let key = spelling.lowercased().filter { $0 != " " && $0 != "_" }
        switch key {
        case "s", "sec", "second", "seconds": self = .seconds
        case "min", "minute", "minutes": self = .minutes
        case "h", "hr", "hour", "hours": self = .hours
        case "d", "day", "days": self = .days
        case "w", "wk", "week", "weeks": self = .weeks
        case "mo", "month", "months": self = .months
        case "y", "yr", "year", "years": self = .years
        case "businessday", "businessdays", "workday", "workdays", "weekday", "weekdays": self = .businessDays
        default: return nil
        }
    }
}
