import Dates

/// How an event repeats: every `interval` days, weeks or months from its start, until a date or for a number of
/// times, or for ever.
///
/// Monthly repeats keep the start's day of the month and, as RFC 5545 does, skip a month that lacks it: a start on
/// the 31st repeats in the months that have a 31st. Skipped months do not count towards ``End/count(_:)``.
public struct RepeatRule: Sendable, Hashable {
    /// The step between two occurrences.
    public enum Frequency: String, Sendable, Hashable, CaseIterable {
        case daily, weekly, monthly
    }

    /// When the repeats stop.
    public enum End: Sendable, Hashable {
        /// No occurrence starts after this day (in the event's own zone).
        case until(CivilDate)
        /// This many occurrences in all, the first included.
        case count(Int)
    }

    /// The largest ``interval`` accepted.
    public static let maximumInterval = 1000
    /// The largest ``End/count(_:)`` accepted.
    public static let maximumCount = 1000

    /// Days, weeks or months.
    public var frequency: Frequency
    /// How many of them between two occurrences, from 1 to ``maximumInterval``.
    public var interval: Int
    /// The end, or `nil` to repeat for ever.
    public var end: End?

    /// Creates a rule; ``EventDraft`` checks the values it reads.
    public init(frequency: Frequency, interval: Int = 1, end: End? = nil) {
        self.frequency = frequency
        self.interval = interval
        self.end = end
    }

    /// The start day of the `step`-th repeat of an event first starting on `first` (step 0), or `nil` when that
    /// month lacks the day.
    public func day(_ step: Int, from first: CivilDate) -> CivilDate? {
        switch frequency {
        case .daily: return first.adding(days: interval * step)
        case .weekly: return first.adding(days: 7 * interval * step)
        case .monthly:
            let date = first.adding(months: interval * step)
            return date.day == first.day ? date : nil
        }
    }

    /// The days between two steps, or `nil` for monthly repeats, whose steps vary.
    var stepDays: Int? {
        switch frequency {
        case .daily: interval
        case .weekly: 7 * interval
        case .monthly: nil
        }
    }
}
