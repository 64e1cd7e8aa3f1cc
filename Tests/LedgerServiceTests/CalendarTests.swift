import LedgerAPI
import ReckonTesting
import Storage
import Testing
import Wire

/// The household calendar through the real ops on both engines: add, get, edit, delete, list with repeats expanded,
/// optimistic versions, who may change what, and refusals that change nothing.
@Suite struct CalendarTests {
    /// Ana (the owner) and Bob in one household.
    private struct Home: Sendable {
        let ana: LedgerHarness.User
        let bob: LedgerHarness.User
        let id: String
    }

    private func home(_ ledger: LedgerHarness) async throws -> Home {
        let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
        return Home(ana: ana, bob: bob, id: try await ledger.household(ana, members: [bob]))
    }

    /// A weekly 09:00-10:00 yoga class in Toronto from 2026-03-01, added by `user`.
    private func yoga(_ ledger: LedgerHarness, _ home: Home, by user: LedgerHarness.User) async throws -> EventView {
        try await ledger.call(
            EventsAddOp.self,
            .init(
                householdId: home.id,
                title: "Yoga",
                start: "2026-03-01T09:00",
                end: "2026-03-01T10:00",
                timeZone: "America/Toronto",
                location: "Studio 3",
                repeat: .init(frequency: "weekly", count: 10)
            ),
            token: user.token
        )
    }

    @Test(arguments: TestDatabase.engines)
    func addGetEditDelete(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let home = try await home(ledger)
            let added = try await yoga(ledger, home, by: home.ana)
            #expect(
                added
                    == EventView(
                        eventId: added.eventId,
                        householdId: home.id,
                        title: "Yoga",
                        start: "2026-03-01T09:00:00",
                        end: "2026-03-01T10:00:00",
                        allDay: false,
                        timeZone: "America/Toronto",
                        location: "Studio 3",
                        repeat: .init(frequency: "weekly", interval: 1, count: 10),
                        version: 1,
                        createdBy: home.ana.id
                    )
            )
            #expect(
                try await ledger.call(EventsGetOp.self, .init(eventId: added.eventId), token: home.bob.token) == added
            )
            let edited = try await ledger.call(
                EventsEditOp.self,
                .init(eventId: added.eventId, version: 1, title: "Hot yoga", location: ""),
                token: home.ana.token
            )
            #expect(edited.title == "Hot yoga" && edited.location == nil && edited.version == 2)
            #expect(edited.start == added.start && edited.repeat == added.repeat)
            let stale = try await ledger.failure(
                EventsEditOp.self,
                .init(eventId: added.eventId, version: 1, title: "Cold yoga"),
                token: home.ana.token
            )
            #expect(stale.code == .conflict && stale.field == "version")
            let staleDelete = try await ledger.failure(
                EventsDeleteOp.self,
                .init(eventId: added.eventId, version: 1),
                token: home.ana.token
            )
            #expect(staleDelete.code == .conflict)
            _ = try await ledger.call(
                EventsDeleteOp.self,
                .init(eventId: added.eventId, version: 2),
                token: home.ana.token
            )
            let gone = try await ledger.failure(EventsGetOp.self, .init(eventId: added.eventId), token: home.ana.token)
            #expect(gone.code == .notFound)
            let log = try await ledger.call(ActivityListOp.self, .init(householdId: home.id), token: home.bob.token)
            #expect(
                log.entries.filter { $0.entity == "event" }.map(\.action) == [
                    "event.added", "event.edited", "event.deleted",
                ]
            )
        }
    }

    @Test(arguments: TestDatabase.engines)
    func editReplacesTheTimingAsAWholeAndClearsTheRepeat(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let home = try await home(ledger)
            let added = try await yoga(ledger, home, by: home.bob)
            let allDay = try await ledger.call(
                EventsEditOp.self,
                .init(
                    eventId: added.eventId,
                    version: 1,
                    start: "2026-03-02",
                    end: "2026-03-03",
                    allDay: true,
                    repeat: .init(frequency: "none")
                ),
                token: home.ana.token  // the owner may change a member's event
            )
            #expect(allDay.allDay && allDay.start == "2026-03-02" && allDay.end == "2026-03-03")
            #expect(allDay.timeZone == nil && allDay.repeat == nil && allDay.createdBy == home.bob.id)
            let partial = try await ledger.failure(
                EventsEditOp.self,
                .init(eventId: added.eventId, version: 2, end: "2026-03-04"),
                token: home.bob.token
            )
            #expect(partial.code == .invalidArgument && partial.field == "start")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func listExpandsRepeatsByDayAndRange(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let home = try await home(ledger)
            let yoga = try await yoga(ledger, home, by: home.ana)
            let holidays = try await ledger.call(
                EventsAddOp.self,
                .init(householdId: home.id, title: "March break", start: "2026-03-07", end: "2026-03-09", allDay: true),
                token: home.bob.token
            )
            let call = try await ledger.call(
                EventsAddOp.self,
                .init(
                    householdId: home.id,
                    title: "Call",
                    start: "2026-03-08T22:00+05:30",
                    end: "2026-03-08T23:00+05:30"
                ),
                token: home.bob.token
            )
            let range = try await ledger.call(
                EventsListOp.self,
                .init(householdId: home.id, from: "2026-03-01", to: "2026-03-08", timeZone: "America/Toronto"),
                token: home.bob.token
            )
            #expect(
                range.occurrences.map { "\($0.eventId) \($0.occurrence) \($0.start) \($0.end)" } == [
                    "\(yoga.eventId) 0 2026-03-01T09:00:00-05:00 2026-03-01T10:00:00-05:00",
                    "\(holidays.eventId) 0 2026-03-07 2026-03-09",
                    "\(yoga.eventId) 1 2026-03-08T09:00:00-04:00 2026-03-08T10:00:00-04:00",
                    "\(call.eventId) 0 2026-03-08T22:00:00+05:30 2026-03-08T23:00:00+05:30",
                ]
            )
            let day = try await ledger.call(
                EventsListOp.self,
                .init(householdId: home.id, day: "2026-05-03"),
                token: home.ana.token
            )
            #expect(day.occurrences.map(\.start) == ["2026-05-03T09:00:00-04:00"])
            #expect(day.occurrences.first?.occurrence == 9)
            #expect(day.occurrences.first?.title == "Yoga" && day.occurrences.first?.location == "Studio 3")
            for (args, field) in [
                (EventsListOp.Args(householdId: home.id, day: "2026-03-01", from: "2026-03-01"), "day"),
                (EventsListOp.Args(householdId: home.id), "from"),
                (EventsListOp.Args(householdId: home.id, from: "2026-03-01"), "to"),
                (EventsListOp.Args(householdId: home.id, from: "2026-01-01", to: "2027-01-02"), "to"),
                (EventsListOp.Args(householdId: home.id, day: "2026-13-01"), "day"),
                (EventsListOp.Args(householdId: home.id, day: "2026-03-01", timeZone: "Moon/Base"), "timeZone"),
            ] {
                let error = try await ledger.failure(EventsListOp.self, args, token: home.ana.token)
                #expect(error.code == .invalidArgument && error.field == field, "\(args): \(error)")
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func refusalsNameTheFieldAndChangeNothing(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let home = try await home(ledger)
            let yoga = try await yoga(ledger, home, by: home.ana)
            let (events, activity) = (
                try await ledger.count("ledger_events"), try await ledger.count("ledger_activity")
            )
            let good = EventsAddOp.Args(
                householdId: home.id,
                title: "Dinner",
                start: "2026-12-01T18:00",
                end: "2026-12-01T20:00",
                timeZone: "Europe/Paris"
            )
            var bad: [(EventsAddOp.Args, String)] = []
            func add(_ field: String, _ change: (inout EventsAddOp.Args) -> Void) {
                var args = good
                change(&args)
                bad.append((args, field))
            }
            add("title") { $0.title = "" }
            add("start") { $0.start = "tomorrow" }
            add("end") { $0.end = "2026-12-01T17:00" }
            add("timeZone") { $0.timeZone = "Europe/Atlantis" }
            add("repeat.frequency") { $0.repeat = .init(frequency: "hourly") }
            add("repeat.until") { $0.repeat = .init(frequency: "daily", until: "2026-01-01") }
            for (args, field) in bad {
                let error = try await ledger.failure(EventsAddOp.self, args, token: home.ana.token)
                #expect(error.code == .invalidArgument && error.field == field, "\(field): \(error)")
            }
            let edit = try await ledger.failure(
                EventsEditOp.self,
                .init(
                    eventId: yoga.eventId,
                    version: 1,
                    start: "2026-03-01T09:00",
                    end: "2026-03-01T08:00",
                    timeZone: "America/Toronto"
                ),
                token: home.ana.token
            )
            #expect(edit.code == .invalidArgument && edit.field == "end")
            let notMine = try await ledger.failure(
                EventsDeleteOp.self,
                .init(eventId: yoga.eventId),
                token: home.bob.token
            )
            #expect(notMine.code == .permissionDenied)
            #expect(try await ledger.count("ledger_events") == events)
            #expect(try await ledger.count("ledger_activity") == activity)
            #expect(
                try await ledger.call(EventsGetOp.self, .init(eventId: yoga.eventId), token: home.ana.token) == yoga
            )
        }
    }
}
