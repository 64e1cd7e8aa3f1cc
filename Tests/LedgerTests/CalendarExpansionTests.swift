import Ledger
import Testing

/// Repeats expanded over a range: steps and ends, months that lack the day, daylight saving time, gaps and
/// repeated hours, fixed offsets, whole days, and the bounds.
@Suite struct CalendarExpansionTests {
    /// The starts and ends of `draft`'s occurrences from `from` to `to` in `zone`.
    private func spans(
        _ draft: EventDraft,
        from: String,
        to: String,
        zone: String? = nil
    ) throws -> [String] {
        let range = try OccurrenceRange(from: from, to: to, timeZone: zone)
        return try draft.event().occurrences(in: range).map { "\($0.index) \($0.startText) \($0.endText)" }
    }

    private func timed(
        _ start: String,
        _ end: String,
        zone: String? = nil,
        repeat rule: EventDraft.Repeat? = nil
    ) -> EventDraft {
        EventDraft(title: "Meeting", start: start, end: end, timeZone: zone, repeatRule: rule)
    }

    @Test("daily every other day, for a count")
    func dailyCount() throws {
        let draft = timed(
            "2026-01-01T09:00",
            "2026-01-01T10:00",
            zone: "UTC",
            repeat: .init(frequency: "daily", interval: 2, count: 3)
        )
        #expect(
            try spans(draft, from: "2026-01-01", to: "2026-01-31") == [
                "0 2026-01-01T09:00:00+00:00 2026-01-01T10:00:00+00:00",
                "1 2026-01-03T09:00:00+00:00 2026-01-03T10:00:00+00:00",
                "2 2026-01-05T09:00:00+00:00 2026-01-05T10:00:00+00:00",
            ]
        )
        #expect(try spans(draft, from: "2026-01-04", to: "2026-01-04").isEmpty)
        #expect(try spans(draft, from: "2026-01-05", to: "2026-01-05").count == 1)
    }

    @Test("weekly every two weeks until a day (included), numbered from the first even when the range starts later")
    func weeklyUntil() throws {
        let draft = timed(
            "2026-01-05T18:00",
            "2026-01-05T19:30",
            zone: "Europe/Paris",
            repeat: .init(frequency: "weekly", interval: 2, until: "2026-02-16")
        )
        #expect(
            try spans(draft, from: "2026-01-10", to: "2026-12-31", zone: "Europe/Paris") == [
                "1 2026-01-19T18:00:00+01:00 2026-01-19T19:30:00+01:00",
                "2 2026-02-02T18:00:00+01:00 2026-02-02T19:30:00+01:00",
                "3 2026-02-16T18:00:00+01:00 2026-02-16T19:30:00+01:00",
            ]
        )
    }

    @Test("monthly on the 31st skips months without one, and skipped months do not count")
    func monthEndSkip() throws {
        let draft = timed(
            "2026-01-31T12:00",
            "2026-01-31T13:00",
            zone: "UTC",
            repeat: .init(frequency: "monthly", count: 4)
        )
        #expect(
            try spans(draft, from: "2026-01-01", to: "2026-12-31").map { String($0.prefix(12)) } == [
                "0 2026-01-31", "1 2026-03-31", "2 2026-05-31", "3 2026-07-31",
            ]
        )
        let everyOther = timed(
            "2024-02-29T12:00",
            "2024-02-29T13:00",
            zone: "UTC",
            repeat: .init(frequency: "monthly", interval: 12)
        )
        #expect(
            try spans(everyOther, from: "2028-01-01", to: "2028-12-31").map { String($0.prefix(12)) } == [
                "1 2028-02-29"
            ]
        )
    }

    @Test("a weekly 09:00 in America/Toronto stays 09:00 across both changes of 2026; its UTC offset changes")
    func acrossDaylightSavingTime() throws {
        let draft = timed(
            "2026-03-01T09:00",
            "2026-03-01T10:00",
            zone: "America/Toronto",
            repeat: .init(frequency: "weekly")
        )
        #expect(
            try spans(draft, from: "2026-03-01", to: "2026-03-14", zone: "America/Toronto") == [
                "0 2026-03-01T09:00:00-05:00 2026-03-01T10:00:00-05:00",
                "1 2026-03-08T09:00:00-04:00 2026-03-08T10:00:00-04:00",
            ]
        )
        #expect(
            try spans(draft, from: "2026-10-25", to: "2026-11-07", zone: "America/Toronto") == [
                "34 2026-10-25T09:00:00-04:00 2026-10-25T10:00:00-04:00",
                "35 2026-11-01T09:00:00-05:00 2026-11-01T10:00:00-05:00",
            ]
        )
    }

    @Test("a start in the spring-forward gap moves forward by the gap; a repeated hour takes its first occurrence")
    func gapAndRepeatedHour() throws {
        let gap = timed(
            "2026-03-07T02:30",
            "2026-03-07T03:00",
            zone: "America/Toronto",
            repeat: .init(frequency: "daily")
        )
        #expect(
            try spans(gap, from: "2026-03-08", to: "2026-03-08", zone: "America/Toronto") == [
                "1 2026-03-08T03:30:00-04:00 2026-03-08T04:00:00-04:00"
            ]
        )
        // Every occurrence lasts exactly as long as the first (30 minutes), so the one that starts in the first
        // 01:30 ends at the second 01:00.
        let repeated = timed(
            "2026-10-31T01:30",
            "2026-10-31T02:00",
            zone: "America/Toronto",
            repeat: .init(frequency: "daily")
        )
        #expect(
            try spans(repeated, from: "2026-11-01", to: "2026-11-01", zone: "America/Toronto") == [
                "1 2026-11-01T01:30:00-04:00 2026-11-01T01:00:00-05:00"
            ]
        )
    }

    @Test("a fixed offset keeps its offset; an end at another offset is converted; ranges are read in their zone")
    func fixedOffsets() throws {
        let draft = timed("2026-05-01T23:30-05:00", "2026-05-02T04:45Z", repeat: .init(frequency: "daily"))
        // In UTC, 2026-05-02 holds the occurrence that starts at 23:30 on May 1st in -05:00 (04:30 UTC); its end,
        // given as 04:45 UTC, reads 23:45 in the event's offset.
        #expect(
            try spans(draft, from: "2026-05-02", to: "2026-05-02") == [
                "0 2026-05-01T23:30:00-05:00 2026-05-01T23:45:00-05:00"
            ]
        )
        // In -05:00, the day holds the next one.
        #expect(
            try spans(draft, from: "2026-05-02", to: "2026-05-02", zone: "-05:00") == [
                "1 2026-05-02T23:30:00-05:00 2026-05-02T23:45:00-05:00"
            ]
        )
    }

    @Test("all-day events cover whole days in every zone, the last day included")
    func allDay() throws {
        let draft = EventDraft(
            title: "Holidays",
            start: "2026-12-24",
            end: "2026-12-26",
            allDay: true,
            repeatRule: .init(frequency: "weekly", count: 2)
        )
        #expect(
            try spans(draft, from: "2026-12-26", to: "2026-12-31", zone: "Pacific/Auckland") == [
                "0 2026-12-24 2026-12-26", "1 2026-12-31 2027-01-02",
            ]
        )
        #expect(try spans(draft, from: "2026-12-27", to: "2026-12-30").isEmpty)
        let oneDay = EventDraft(title: "Bin day", start: "2026-12-01", allDay: true)
        #expect(try spans(oneDay, from: "2026-12-01", to: "2026-12-01") == ["0 2026-12-01 2026-12-01"])
    }

    @Test("several events come back by start, then by event")
    func ordering() throws {
        let range = try OccurrenceRange(from: "2026-06-01", to: "2026-06-02", timeZone: "America/Toronto")
        let events = [
            (id: "b", event: try timed("2026-06-01T10:00", "2026-06-01T11:00", zone: "America/Toronto").event()),
            (id: "a", event: try timed("2026-06-01T15:00Z", "2026-06-01T16:00Z").event()),
            (id: "c", event: try EventDraft(title: "Day", start: "2026-06-01", allDay: true).event()),
        ]
        #expect(try range.occurrences(of: events).map(\.id) == ["c", "b", "a"])
    }

    @Test("ranges over 366 days and listings over 1000 occurrences are refused, naming the field")
    func bounds() throws {
        #expect(throws: CalendarError("a range covers at most 366 days", field: "to")) {
            try OccurrenceRange(from: "2026-01-01", to: "2027-01-02", timeZone: nil)
        }
        _ = try OccurrenceRange(from: "2026-01-01", to: "2027-01-01", timeZone: nil)
        let daily = try timed("2026-01-01T09:00", "2026-01-01T10:00", zone: "UTC", repeat: .init(frequency: "daily"))
            .event()
        let range = try OccurrenceRange(from: "2026-01-01", to: "2026-12-31", timeZone: nil)
        #expect(try range.occurrences(of: [(id: 1, event: daily), (id: 2, event: daily)]).count == 730)
        #expect(throws: CalendarError.self) {
            try range.occurrences(of: [(id: 1, event: daily), (id: 2, event: daily), (id: 3, event: daily)])
        }
        #expect(throws: CalendarError("the range ends before it starts", field: "to")) {
            try OccurrenceRange(from: "2026-01-02", to: "2026-01-01", timeZone: nil)
        }
    }
}
