import Dates
import Foundation
import Ledger
import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `events.add`, `events.edit`, `events.delete`, `events.get`, `events.list`, `events.ical`.
    mutating func registerEventOps(_ calendar: CalendarHandlers, _ scopes: LedgerScopes) {
        register(EventsAddOp.self, in: scopes.write, handler: calendar.eventsAdd)
        register(EventsEditOp.self, in: scopes.write, handler: calendar.eventsEdit)
        register(EventsDeleteOp.self, in: scopes.write, handler: calendar.eventsDelete)
        register(EventsGetOp.self, in: scopes.read, handler: calendar.eventsGet)
        register(EventsListOp.self, in: scopes.read, handler: calendar.eventsList)
        register(EventsICalOp.self, in: scopes.read, handler: calendar.eventsICal)
    }
}

/// The calendar's ops: with the events' store, the households' access policy and the activity log, and nothing
/// else.
struct CalendarHandlers: Sendable {
    let events: EventStore
    let access: HouseholdAccess
    let activity: ActivityLog

    /// Logs a change to `event` in its household's activity, with the event as it was and as it is.
    func record(
        _ action: String,
        _ event: StoredEvent,
        before: StoredEvent?,
        after: StoredEvent?,
        userID: String,
        in db: any SQLExecutor
    ) async throws {
        try await activity.record(
            .init(action: action, entity: "event", entityID: event.id, before: before?.view, after: after?.view),
            household: event.householdID,
            userID: userID,
            in: db
        )
    }
}

extension EventsEditOp.Args {
    /// `draft` with these changes: the title, location and repeat given replace the old ones (an empty location
    /// removes it, `frequency: none` the repeat); `start` replaces the whole timing with the `end`, `allDay` and
    /// `timeZone` given here.
    /// - Throws: `invalid_argument` at `start` when `end`, `allDay` or `timeZone` come without it.
    func applied(to draft: EventDraft) throws -> EventDraft {
        var draft = draft
        draft.title = title ?? draft.title
        draft.location = location ?? draft.location
        if let rule = self.repeat { draft.repeatRule = rule.frequency == "none" ? nil : rule.draft }
        if let start {
            (draft.start, draft.end, draft.allDay, draft.timeZone) = (start, end, allDay ?? false, timeZone)
        } else if end != nil || allDay != nil || timeZone != nil {
            throw WireError(
                .invalidArgument,
                "the timing changes as a whole: give start with end, allDay or timeZone",
                field: "start"
            )
        }
        return draft
    }
}

extension EventsListOp.Args {
    /// The days to list: `day`, or `from` to `to`.
    /// - Throws: `invalid_argument` at `day`, `from`, `to` or `timeZone`.
    func range() throws -> OccurrenceRange {
        switch (day, from, to) {
        case (let day?, nil, nil): try OccurrenceRange(from: day, to: day, timeZone: timeZone, fields: ("day", "day"))
        case (nil, let from?, let to?): try OccurrenceRange(from: from, to: to, timeZone: timeZone)
        case (.some, _, _): throw WireError(.invalidArgument, "give day, or from and to, not both", field: "day")
        case (nil, nil, _): throw WireError(.invalidArgument, "give day, or from and to", field: "from")
        case (nil, .some, nil): throw WireError(.invalidArgument, "give to with from", field: "to")
        }
    }
}

extension OccurrenceView {
    /// One occurrence of a stored event.
    init(_ event: StoredEvent, _ occurrence: EventOccurrence) {
        self.init(
            eventId: event.id,
            occurrence: occurrence.index,
            title: event.title,
            start: occurrence.startText,
            end: occurrence.endText,
            allDay: event.allDay,
            timeZone: event.timeZone,
            location: event.location
        )
    }
}

extension CalendarHandlers {
    func eventsAdd(_ args: EventsAddOp.Args, _ context: SignedIn) async throws -> EventsAddOp.Result {
        let member = try await self.access.member(of: args.householdId, context)
        let draft = EventDraft(
            title: args.title,
            start: args.start,
            end: args.end,
            allDay: args.allDay ?? false,
            timeZone: args.timeZone,
            location: args.location,
            repeatRule: args.repeat?.draft
        )
        let event = StoredEvent(
            id: "e_" + UUID.random().uuidString.lowercased(),
            householdID: member.household.id,
            event: try draft.event(),
            version: 1,
            createdBy: member.userID,
            updatedAt: WallClock.millisecondsSince1970()
        )
        try await self.events.insert(event, in: member.db)
        try await self.record("event.added", event, before: nil, after: event, userID: member.userID, in: member.db)
        return event.view
    }

    func eventsEdit(_ args: EventsEditOp.Args, _ context: SignedIn) async throws -> EventsEditOp.Result {
        let old = try await self.events.find(args.eventId, in: context.db)
        let member = try await self.access.member(changing: old, context)
        let (db, userID) = (member.db, member.userID)
        var event = StoredEvent(
            id: old.id,
            householdID: old.householdID,
            event: try args.applied(to: old.draft).event(),
            version: old.version,
            createdBy: old.createdBy,
            updatedAt: WallClock.millisecondsSince1970()
        )
        event.version = try await self.events.update(event, from: args.version, in: db)
        try await self.record("event.edited", event, before: old, after: event, userID: userID, in: db)
        return event.view
    }

    func eventsDelete(_ args: EventsDeleteOp.Args, _ context: SignedIn) async throws -> EventsDeleteOp.Result {
        let event = try await self.events.find(args.eventId, in: context.db)
        let member = try await self.access.member(changing: event, context)
        let (db, userID) = (member.db, member.userID)
        try await self.events.delete(event, version: args.version, in: db)
        try await self.record("event.deleted", event, before: event, after: nil, userID: userID, in: db)
        return Done()
    }

    func eventsGet(_ args: EventsGetOp.Args, _ context: SignedIn) async throws -> EventsGetOp.Result {
        let event = try await self.events.find(args.eventId, in: context.db)
        _ = try await self.access.member(seeing: event, context)
        return event.view
    }

    func eventsList(_ args: EventsListOp.Args, _ context: SignedIn) async throws -> EventsListOp.Result {
        let member = try await self.access.member(of: args.householdId, context)
        let range = try args.range()
        let stored = try await self.events.list(member.household.id, in: member.db)
        // Events are named by their place in `stored` (by start, then id), which also breaks ties in order.
        let events = try stored.enumerated().map { index, event in (id: index, event: try event.draft.event()) }
        return EventsListOp.Result(
            occurrences: try range.occurrences(of: events).map { OccurrenceView(stored[$0.id], $0.occurrence) }
        )
    }

    func eventsICal(_ args: EventsICalOp.Args, _ context: SignedIn) async throws -> EventsICalOp.Result {
        let member = try await self.access.member(of: args.householdId, context)
        let stored = try await self.events.list(member.household.id, in: member.db)
        let entries = try stored.map { event in
            ICalendarWriter.Entry(
                id: event.id,
                event: try event.draft.event(),
                stamp: event.updatedAt / 1000,
                sequence: event.version - 1
            )
        }
        // Repeats with no end get time zone rules for ten years from today.
        let today = CivilDate(daysSinceEpoch: Int(WallClock.millisecondsSince1970() / 86_400_000))
        let writer = ICalendarWriter(horizon: today.adding(months: 12 * 10))
        return EventsICalOp.Result(calendar: writer.calendar(entries, name: member.household.name))
    }
}

// MARK: - What the session check reads with the session (SessionTargets)

extension EventsAddOp.Args: InHousehold {}
extension EventsListOp.Args: InHousehold {}
