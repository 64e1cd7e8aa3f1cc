import Dates
import Foundation
import Ledger
import Testing

/// The RFC 5545 writer: the calendar's frame, each property's form, text escaping, folding and time zones.
@Suite struct CalendarICalendarTests {
    private let writer = ICalendarWriter(horizon: CivilDate(year: 2030, month: 1, day: 1)!)

    /// The calendar of `drafts`, named `e_1`, `e_2`, ... and last changed at 2026-11-23T12:00:00Z.
    private func calendar(_ drafts: EventDraft...) throws -> String {
        let entries = try drafts.enumerated().map { index, draft in
            ICalendarWriter.Entry(id: "e_\(index + 1)", event: try draft.event(), stamp: 1_795_435_200, sequence: 0)
        }
        return writer.calendar(entries, name: "Home")
    }

    /// The calendar's lines, unfolded.
    private func lines(_ calendar: String) -> [String] {
        calendar.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").dropLast()
    }

    @Test("a timed repeating event: frame, UID, DTSTAMP, TZID times, RRULE with UTC UNTIL, text escaped")
    func timedEvent() throws {
        let text = try calendar(
            EventDraft(
                title: "Rent, gas; water \\ and\nmore",
                start: "2026-03-01T09:00",
                end: "2026-03-01T10:00",
                timeZone: "America/Toronto",
                location: "Kitchen",
                repeatRule: .init(frequency: "weekly", interval: 2, until: "2026-12-30")
            )
        )
        let lines = lines(text)
        #expect(
            lines.prefix(5) == [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Reckon//Ledger Calendar//EN",
                "CALSCALE:GREGORIAN", "X-WR-CALNAME:Home",
            ]
        )
        #expect(lines.last == "END:VCALENDAR")
        let event = Array(lines.drop { $0 != "BEGIN:VEVENT" })
        #expect(
            event == [
                "BEGIN:VEVENT", "UID:e_1@ledger.reckon", "DTSTAMP:20261123T120000Z", "SEQUENCE:0",
                "DTSTART;TZID=America/Toronto:20260301T090000", "DTEND;TZID=America/Toronto:20260301T100000",
                "RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=20261231T045959Z",
                "SUMMARY:Rent\\, gas\\; water \\\\ and\\nmore", "LOCATION:Kitchen", "END:VEVENT", "END:VCALENDAR",
            ]
        )
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
    }

    @Test("the VTIMEZONE holds the offset at the start, then each change the events' span needs")
    func timeZone() throws {
        let lines = lines(
            try calendar(
                EventDraft(
                    title: "Yoga",
                    start: "2026-03-01T09:00",
                    end: "2026-03-01T10:00",
                    timeZone: "America/Toronto",
                    repeatRule: .init(frequency: "weekly", count: 40)
                )
            )
        )
        let zone = Array(lines.drop { $0 != "BEGIN:VTIMEZONE" }.prefix { $0 != "END:VTIMEZONE" })
        #expect(
            zone == [
                "BEGIN:VTIMEZONE", "TZID:America/Toronto",
                "BEGIN:STANDARD", "DTSTART:20260228T000000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0500",
                "END:STANDARD",
                "BEGIN:DAYLIGHT", "DTSTART:20260308T020000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400",
                "END:DAYLIGHT",
                "BEGIN:STANDARD", "DTSTART:20261101T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500",
                "END:STANDARD",
            ]
        )
    }

    @Test("a fixed offset is a TZID of its own with one observance; all-day events are dates, DTEND exclusive")
    func fixedOffsetAndAllDay() throws {
        let lines = lines(
            try calendar(
                EventDraft(
                    title: "Call",
                    start: "2026-01-31T23:30+05:30",
                    end: "2026-02-01T00:30+05:30",
                    repeatRule: .init(frequency: "monthly", count: 3)
                ),
                EventDraft(
                    title: "Holidays",
                    start: "2026-12-24",
                    end: "2026-12-26",
                    allDay: true,
                    repeatRule: .init(frequency: "daily", until: "2026-12-31")
                )
            )
        )
        #expect(lines.contains("DTSTART;TZID=UTC+0530:20260131T233000"))
        #expect(lines.contains("RRULE:FREQ=MONTHLY;INTERVAL=1;COUNT=3"))
        let zone = Array(lines.drop { $0 != "BEGIN:VTIMEZONE" }.prefix { $0 != "END:VTIMEZONE" })
        #expect(
            zone == [
                "BEGIN:VTIMEZONE", "TZID:UTC+0530", "BEGIN:STANDARD", "DTSTART:20260130T000000",
                "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530", "END:STANDARD",
            ]
        )
        #expect(lines.contains("DTSTART;VALUE=DATE:20261224"))
        #expect(lines.contains("DTEND;VALUE=DATE:20261227"))
        #expect(lines.contains("RRULE:FREQ=DAILY;INTERVAL=1;UNTIL=20261231"))
    }

    @Test("long lines fold at 75 octets without splitting a UTF-8 sequence")
    func folding() throws {
        let title = String(repeating: "Crème brûlée 🍮 ", count: 12)
        let text = try calendar(
            EventDraft(title: title, start: "2026-12-01", allDay: true)
        )
        for line in text.components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 75, "\(line)")
        }
        let summary = text.components(separatedBy: "\r\n").drop { !$0.hasPrefix("SUMMARY:") }.dropFirst()
        #expect(summary.prefix { $0.hasPrefix(" ") }.count > 2)
        #expect(lines(text).contains("SUMMARY:" + title.trimmingCharacters(in: .whitespaces)))
    }
}
