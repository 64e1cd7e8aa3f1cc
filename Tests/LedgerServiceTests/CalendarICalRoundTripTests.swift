import Dates
import Foundation
import LedgerAPI
import ReckonTesting
import Storage
import Testing
import Wire

/// `events.ical` read back by an independent iCalendar parser (``ICalendarScript``: Python's `icalendar`, and
/// `recurring_ical_events` to expand repeats). Every event, and every occurrence of 2026, must come back the same.
@Suite struct CalendarICalRoundTripTests {
    /// Repeating, all-day, IANA-zoned and fixed-offset events, with text that needs escaping and folding.
    private static let events: [EventsAddOp.Args] = [
        .init(
            householdId: "",
            title: "Yoga",
            start: "2026-03-01T09:00",
            end: "2026-03-01T10:00",
            timeZone: "America/Toronto",
            location: "Studio 3, 2nd floor; back door",
            repeat: .init(frequency: "weekly", count: 40)
        ),
        .init(
            householdId: "",
            title: "Stand-up",
            start: "2026-03-02T08:30+05:30",
            end: "2026-03-02T08:45+05:30",
            repeat: .init(frequency: "daily", interval: 2, until: "2026-03-20")
        ),
        .init(householdId: "", title: "Holidays", start: "2026-12-24", end: "2026-12-26", allDay: true),
        .init(
            householdId: "",
            title: "Bin day",
            start: "2026-03-03",
            allDay: true,
            repeat: .init(frequency: "weekly", interval: 2, until: "2026-06-30")
        ),
        .init(
            householdId: "",
            title: "Rent due",
            start: "2026-01-31T12:00",
            end: "2026-01-31T12:30",
            timeZone: "Europe/London",
            repeat: .init(frequency: "monthly", until: "2026-12-31")
        ),
        .init(
            householdId: "",
            title: "Crème brûlée night 🍮 with the neighbours from upstairs, downstairs and across the hall",
            start: "2026-06-05T19:00",
            end: "2026-06-05T23:00",
            timeZone: "Asia/Tokyo"
        ),
    ]

    @Test(arguments: TestDatabase.engines)
    func anIndependentParserReadsBackEveryEvent(engine: DatabaseEngine) async throws {
        if let unavailable = ICalendarScript.unavailable {
            Issue.record(Comment(rawValue: unavailable))
            return
        }
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            var added: [EventView] = []
            for var args in Self.events {
                args.householdId = home
                added.append(try await ledger.call(EventsAddOp.self, args, token: ana.token))
            }
            let calendar = try await ledger.call(EventsICalOp.self, .init(householdId: home), token: ana.token).calendar
            let parsed = try ICalendarScript.parse(calendar, between: ("2026-01-01", "2027-01-01"))
            let byUID = Dictionary(
                uniqueKeysWithValues: (parsed["events"]?.arrayValue ?? []).map { ($0["uid"]?.stringValue ?? "", $0) }
            )
            #expect(byUID.count == added.count)
            for event in added {
                let read = try #require(byUID[event.eventId + "@ledger.reckon"], "\(event.title) is missing")
                #expect(read["summary"]?.stringValue == event.title)
                #expect(read["location"]?.stringValue == event.location)
                #expect(read["tzid"]?.stringValue == event.timeZone.map(Self.tzid))
                #expect(read["rrule"]?["FREQ"]?.stringValue == event.repeat?.frequency.uppercased())
                #expect(read["rrule"]?["INTERVAL"]?.intValue == event.repeat?.interval)
                #expect(read["rrule"]?["COUNT"]?.intValue == event.repeat?.count)
                #expect((read["rrule"]?["UNTIL"]?.stringValue != nil) == (event.repeat?.until != nil))
                if event.allDay {
                    #expect(read["dtstart"]?.stringValue == event.start)
                    #expect(read["dtend"]?.stringValue == Self.dayAfter(event.end))
                }
            }
            let listed = try await ledger.call(
                EventsListOp.self,
                .init(householdId: home, from: "2026-01-01", to: "2026-12-31"),
                token: ana.token
            )
            let ours = listed.occurrences.map { occurrence in
                "\(occurrence.eventId)@ledger.reckon \(occurrence.start) "
                    + (occurrence.allDay ? Self.dayAfter(occurrence.end) : occurrence.end)
            }
            let theirs = (parsed["occurrences"]?.arrayValue ?? []).map { occurrence in
                [occurrence["uid"], occurrence["start"], occurrence["end"]].map { $0?.stringValue ?? "?" }
                    .joined(separator: " ")
            }
            // Yoga 40, stand-up 10, holidays 1, bin day 9, rent 7 (months with a 31st), the dinner 1.
            #expect(ours.count == 68)
            #expect(ours.sorted() == theirs.sorted())
        }
    }

    /// The TZID `events.ical` gives a zone: the IANA name, or `UTC+0530` for an offset.
    private static func tzid(_ zone: String) -> String {
        zone.hasPrefix("+") || zone.hasPrefix("-") ? "UTC" + zone.filter { $0 != ":" } : zone
    }

    /// The day after `day` (`YYYY-MM-DD`), as an all-day DTEND is.
    private static func dayAfter(_ day: String) -> String {
        CivilDate(iso: day)?.adding(days: 1).description ?? "not a day: \(day)"
    }
}
