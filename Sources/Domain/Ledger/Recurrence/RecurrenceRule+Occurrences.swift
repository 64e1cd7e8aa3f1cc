import Dates

extension RecurrenceRule {
    /// The dates now due, in order: on the rule, after `last`, and no later than `today` or ``end``.
    ///
    /// At most ``maximumOccurrencesPerCall`` dates are returned (the earliest ones); pass the last of them as
    /// `last` to get the rest.
    /// - Parameters:
    ///   - last: The latest date already recorded, `YYYY-MM-DD`, or `nil` when none is.
    ///   - today: The latest date that may be returned, `YYYY-MM-DD`.
    /// - Throws: `invalid_date` at `start`, `end`, `after` or `today` for a date that is not a real `YYYY-MM-DD`
    ///   date; `invalid_rule` at `interval` for an interval outside 1...``maximumInterval``, or at `end` for an end
    ///   before the start.
    public func occurrences(after last: String?, through today: String) throws(LedgerError) -> [String] {
        let start = try DateCheck.require(start, field: "start")
        let end = try end.map { text throws(LedgerError) in try DateCheck.require(text, field: "end") }
        let last = try last.map { text throws(LedgerError) in try DateCheck.require(text, field: "after") }
        let today = try DateCheck.require(today, field: "today")
        guard (1...Self.maximumInterval).contains(interval) else {
            throw LedgerError(
                .invalidRule,
                "must be from 1 to \(Self.maximumInterval), not \(interval)",
                field: "interval"
            )
        }
        if let end, end < start {
            throw LedgerError(.invalidRule, "the end \(end) is before the start \(start)", field: "end")
        }
        let through = end.map { min($0, today) } ?? today
        var dates: [String] = []
        var step = last.map { firstStep(after: $0, from: start) } ?? 0
        while dates.count < Self.maximumOccurrencesPerCall, let date = occurrence(step, from: start), date <= through {
            dates.append(date.description)
            step += 1
        }
        return dates
    }

    /// The `step`-th date of the rule (the start is step 0); monthly dates keep the start's day, clamped to the
    /// month's end. `nil` past year 9999.
    private func occurrence(_ step: Int, from start: CivilDate) -> CivilDate? {
        let date =
            switch frequency {
            case .weekly: start.adding(days: 7 * interval * step)
            case .monthly: start.adding(months: interval * step)
            }
        return date.year <= 9999 ? date : nil
    }

    /// The first step whose date is after `last`.
    private func firstStep(after last: CivilDate, from start: CivilDate) -> Int {
        guard last >= start else { return 0 }
        var step =
            switch frequency {
            case .weekly: (last.daysSinceEpoch - start.daysSinceEpoch) / (7 * interval)
            case .monthly: ((last.year - start.year) * 12 + last.month - start.month) / interval
            }
        while let date = occurrence(step, from: start), date <= last { step += 1 }
        return step
    }
}
