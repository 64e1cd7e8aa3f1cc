import Dates

/// Differences between dates and date arithmetic on the proleptic Gregorian calendar.
///
/// Date-only values are civil days in no time zone, so daylight saving never leaks into day counts
/// (2024-03-09 → 2024-03-11 is 172800 s). Months and years are calendar units with end-of-month clamping.
public enum DateCalculator {
    /// The span from `from` to `to`. Calendar units are counted on the wall clock of `from`'s offset.
    /// - Parameter holidays: dates not counted as business days.
    public static func difference(from: DateTime, to: DateTime, holidays: Set<CivilDate> = []) -> DateDifference {
        let offset = from.offsetSeconds ?? 0
        let start = from.hasTime || to.hasTime ? from.shifted(toOffset: offset) : from
        let end = from.hasTime || to.hasTime ? to.shifted(toOffset: offset) : to
        let total = end.instant - start.instant
        var months = (end.date.year - start.date.year) * 12 + (end.date.month - start.date.month)
        func anchor(_ k: Int) -> DateTime {
            DateTime(
                date: start.date.adding(months: k),
                secondsOfDay: start.secondsOfDay,
                offsetSeconds: start.offsetSeconds
            )
        }
        if total >= 0 {
            while months > 0 && anchor(months).instant > end.instant { months -= 1 }
        } else {
            while months < 0 && anchor(months).instant < end.instant { months += 1 }
        }
        let rest = end.instant - anchor(months).instant
        let calendar = DateDifference.Calendar(
            years: months / 12,
            months: months % 12,
            days: rest / 86_400,
            hours: rest % 86_400 / 3600,
            minutes: rest % 3600 / 60,
            seconds: rest % 60
        )
        return DateDifference(
            from: from,
            to: to,
            totalSeconds: total,
            calendar: calendar,
            businessDays: businessDays(from: start.date, to: end.date, holidays: holidays)
        )
    }

    /// Weekdays in [from, to), signed, less holidays.
    static func businessDays(from: CivilDate, to: CivilDate, holidays: Set<CivilDate>) -> Int {
        if to < from { return -businessDays(from: to, to: from, holidays: holidays) }
        let days = to.daysSinceEpoch - from.daysSinceEpoch
        var count = days / 7 * 5
        var weekday = from.isoWeekday
        for _ in 0..<(days % 7) {
            if weekday <= 5 { count += 1 }
            weekday = weekday % 7 + 1
        }
        for holiday in holidays where holiday >= from && holiday < to && holiday.isoWeekday <= 5 { count -= 1 }
        return count
    }

    /// `date` moved by `amount` units. Months and years clamp to the end of shorter months; business days skip
    /// weekends and `holidays`. A date-only value gains a time (UTC) only when hours, minutes or seconds are added.
    public static func add(
        _ amount: Int,
        _ unit: DateUnit,
        to date: DateTime,
        holidays: Set<CivilDate> = []
    ) -> DateTime {
        var result = date
        switch unit {
        case .years: result.date = date.date.adding(months: amount * 12)
        case .months: result.date = date.date.adding(months: amount)
        case .weeks: result.date = date.date.adding(days: amount * 7)
        case .days: result.date = date.date.adding(days: amount)
        case .businessDays: result.date = addBusinessDays(amount, to: date.date, holidays: holidays)
        case .hours, .minutes, .seconds:
            let seconds = amount * (unit == .hours ? 3600 : unit == .minutes ? 60 : 1)
            result = date.hasTime ? date : DateTime(date: date.date, secondsOfDay: 0, offsetSeconds: 0)
            result.secondsOfDay = (result.secondsOfDay ?? 0) + seconds
            result = result.normalizedTime
        }
        return result
    }

    private static func addBusinessDays(_ amount: Int, to date: CivilDate, holidays: Set<CivilDate>) -> CivilDate {
        var current = date
        var remaining = abs(amount)
        let step = amount < 0 ? -1 : 1
        while remaining > 0 {
            current = current.adding(days: step)
            if current.isoWeekday <= 5 && !holidays.contains(current) { remaining -= 1 }
        }
        return current
    }
}

extension DateTime {
    /// Carries whole days out of `secondsOfDay` into the date.
    var normalizedTime: DateTime {
        guard let seconds = secondsOfDay else { return self }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return DateTime(
            date: date.adding(days: days),
            secondsOfDay: seconds - days * 86_400,
            offsetSeconds: offsetSeconds
        )
    }
}
