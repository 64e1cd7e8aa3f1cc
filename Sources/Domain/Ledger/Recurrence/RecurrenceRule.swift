/// When a recurring bill (rent, internet) falls due: every `interval` weeks or months from `start`, until `end`.
///
/// Weekly dates are `start + 7 × interval × k` days. Monthly dates keep the start's day of the month, clamped to the
/// end of shorter months and counted from the start each time, so a start on January 31st gives February 28th (29th
/// in leap years), March 31st, April 30th.
public struct RecurrenceRule: Sendable, Hashable {
    /// How the dates step.
    public enum Frequency: String, Sendable, Hashable {
        /// Every `interval` weeks.
        case weekly
        /// Every `interval` months, on the start's day of the month or the month's last day.
        case monthly
    }

    /// The most dates one call to ``occurrences(after:through:)`` returns; call again with the last one to go on.
    public static let maximumOccurrencesPerCall = 366
    /// The largest interval accepted (weeks or months).
    public static let maximumInterval = 1000

    /// Weekly or monthly.
    public var frequency: Frequency
    /// How many weeks or months between two dates, from 1 to ``maximumInterval``.
    public var interval: Int
    /// The first date, `YYYY-MM-DD`.
    public var start: String
    /// The last date a bill may fall on, `YYYY-MM-DD`, or `nil` for no end.
    public var end: String?

    /// Creates a rule; it is checked by ``occurrences(after:through:)``.
    public init(frequency: Frequency, interval: Int = 1, start: String, end: String? = nil) {
        self.frequency = frequency
        self.interval = interval
        self.start = start
        self.end = end
    }
}
