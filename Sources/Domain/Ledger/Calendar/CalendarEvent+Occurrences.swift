import Dates

extension CalendarEvent {
    /// The occurrences that overlap `range`, in order, repeats expanded.
    ///
    /// A repeat keeps the wall-clock start time in the event's zone (09:00 stays 09:00 across a change to or from
    /// daylight saving time, so its UTC offset changes), read as ``EventZone/instant(of:)`` reads it; every
    /// occurrence lasts exactly as long as the first (RFC 5545). All-day occurrences cover the same dates in every
    /// zone.
    /// - Throws: ``CalendarError`` at `to` for more than ``OccurrenceRange/maximumOccurrences``.
    public func occurrences(in range: OccurrenceRange) throws(CalendarError) -> [EventOccurrence] {
        let rule = repeatRule ?? RepeatRule(frequency: .daily, end: .count(1))
        let first = timing.startDay
        // Days an occurrence can reach past its start day, plus a day either side for the zones' offsets.
        let reach = spanDays + 2
        let (earliest, latest) = (range.first.adding(days: -reach), range.last.adding(days: 2))
        var step = rule.stepDays.map { max(0, (earliest.daysSinceEpoch - first.daysSinceEpoch) / $0) } ?? 0
        var index = step  // Daily and weekly repeats skip nothing; monthly ones count from the first step.
        var found: [EventOccurrence] = []
        while let nominal = rule.nominalDay(step, from: first), nominal <= latest {
            defer { step += 1 }
            guard let day = rule.day(step, from: first) else { continue }
            if case .until(let until) = rule.end, day > until { break }
            if case .count(let count) = rule.end, index >= count { break }
            defer { index += 1 }
            guard day >= earliest, let occurrence = occurrence(index, on: day, in: range) else { continue }
            found.append(occurrence)
            guard found.count <= OccurrenceRange.maximumOccurrences else { throw range.tooMany }
        }
        return found
    }

    /// The occurrence starting on `day` when it overlaps `range`.
    private func occurrence(_ index: Int, on day: CivilDate, in range: OccurrenceRange) -> EventOccurrence? {
        switch timing {
        case .timed(let start, let end, let zone):
            let length = zone.instant(of: end) - zone.instant(of: start)
            let begins = zone.instant(of: LocalDateTime(date: day, secondOfDay: start.secondOfDay))
            guard begins < range.endInstant, begins + length > range.startInstant else { return nil }
            let span = EventOccurrence.Span.timed(start: begins, end: begins + length, zone: zone)
            return EventOccurrence(index: index, span: span, sortKey: begins)
        case .allDay(let first, let last):
            let lastDay = day.adding(days: last.daysSinceEpoch - first.daysSinceEpoch)
            guard day <= range.last, lastDay >= range.first else { return nil }
            let midnight = range.zone.instant(of: LocalDateTime(date: day, secondOfDay: 0))
            return EventOccurrence(index: index, span: .allDay(first: day, last: lastDay), sortKey: midnight)
        }
    }

    /// Whole days an occurrence lasts beyond its start day, rounded up.
    private var spanDays: Int {
        switch timing {
        case .timed(let start, let end, _): Int((end.secondsSinceEpoch - start.secondsSinceEpoch) / 86_400) + 1
        case .allDay(let first, let last): last.daysSinceEpoch - first.daysSinceEpoch
        }
    }
}

extension RepeatRule {
    /// The day the `step`-th repeat would fall on were no month skipped (monthly ones clamped to the month's end),
    /// or `nil` past year 9999; steps stop when it passes the range.
    func nominalDay(_ step: Int, from first: CivilDate) -> CivilDate? {
        let date = day(step, from: first) ?? first.adding(months: interval * step)
        return date.year <= 9999 ? date : nil
    }
}
