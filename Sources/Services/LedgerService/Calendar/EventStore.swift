import Dates
import Ledger
import LedgerAPI
import Storage

/// Calendar event rows: one per event, its repeats expanded when read.
struct EventStore: Sendable {
    /// Adds an event.
    func insert(_ event: StoredEvent, in db: any SQLExecutor) async throws {
        let now = WallClock.millisecondsSince1970()
        try await db.query(
            """
            INSERT INTO ledger_events (id, household_id, title, start_local, end_local, all_day, time_zone, location,
                repeat_frequency, repeat_interval, repeat_until, repeat_count, version, created_by, created_at,
                updated_at)
            VALUES (\(event.id), \(event.householdID), \(event.title), \(event.start), \(event.end), \(event.allDay),
                \(event.timeZone), \(event.location), \(event.repeatRule?.frequency), \(event.repeatRule?.interval),
                \(event.repeatRule?.until), \(event.repeatRule?.count), 1, \(event.createdBy), \(now), \(now))
            """
        )
    }

    /// The live event `id`.
    /// - Throws: ``StoreError`` `notFound`.
    func find(_ id: String, in db: any SQLExecutor) async throws -> StoredEvent {
        let rows = try await db.query("SELECT * FROM ledger_events WHERE id = \(id) AND deleted_at IS NULL")
        guard let row = rows.first else { throw StoredEvent.notFound(id) }
        return try Self.event(row)
    }

    /// Replaces an event's fields when its version is still `version`; returns the new version.
    /// - Throws: ``StoreError`` `staleVersion` when someone changed it since.
    func update(_ event: StoredEvent, from version: Int, in db: any SQLExecutor) async throws -> Int {
        let rows = try await db.query(
            """
            UPDATE ledger_events SET title = \(event.title), start_local = \(event.start), end_local = \(event.end),
                all_day = \(event.allDay), time_zone = \(event.timeZone), location = \(event.location),
                repeat_frequency = \(event.repeatRule?.frequency), repeat_interval = \(event.repeatRule?.interval),
                repeat_until = \(event.repeatRule?.until), repeat_count = \(event.repeatRule?.count),
                version = version + 1, updated_at = \(WallClock.millisecondsSince1970())
            WHERE id = \(event.id) AND deleted_at IS NULL AND version = \(version) RETURNING version
            """
        )
        guard let newVersion = try rows.first?.int("version") else {
            throw StoredEvent.staleVersion(event.id, since: version)
        }
        return Int(newVersion)
    }

    /// Marks an event deleted, checking `version` when given.
    /// - Throws: ``StoreError`` `staleVersion` when the version is stale.
    func delete(_ event: StoredEvent, version: Int?, in db: any SQLExecutor) async throws {
        let rows = try await db.query(
            """
            UPDATE ledger_events SET deleted_at = \(WallClock.millisecondsSince1970())
            WHERE id = \(event.id) AND deleted_at IS NULL AND version = \(version ?? event.version) RETURNING id
            """
        )
        guard !rows.isEmpty else {
            throw StoredEvent.staleVersion(event.id, since: nil)
        }
    }

    /// Every live event of a household, by start and id (a household's calendar is small enough to expand whole).
    func list(_ household: String, in db: any SQLExecutor) async throws -> [StoredEvent] {
        try await db.query(
            """
            SELECT * FROM ledger_events WHERE household_id = \(household) AND deleted_at IS NULL
            ORDER BY start_local, id
            """
        ).map(Self.event)
    }

    private static func event(_ row: SQLRow) throws -> StoredEvent {
        let repeatRule = try row.optionalText("repeat_frequency").map { frequency in
            EventRepeat(
                frequency: frequency,
                interval: try row.optionalInt("repeat_interval").map(Int.init),
                until: try row.optionalText("repeat_until"),
                count: try row.optionalInt("repeat_count").map(Int.init)
            )
        }
        return StoredEvent(
            id: try row.text("id"),
            householdID: try row.text("household_id"),
            title: try row.text("title"),
            start: try row.text("start_local"),
            end: try row.text("end_local"),
            allDay: try row.int("all_day") != 0,
            timeZone: try row.optionalText("time_zone"),
            location: try row.optionalText("location"),
            repeatRule: repeatRule,
            version: Int(try row.int("version")),
            createdBy: try row.text("created_by"),
            updatedAt: try row.int("updated_at")
        )
    }
}

/// An event as stored: the canonical text of a checked ``CalendarEvent``.
struct StoredEvent: Sendable {
    let id: String
    let householdID: String
    var title: String
    var start: String
    var end: String
    var allDay: Bool
    var timeZone: String?
    var location: String?
    var repeatRule: EventRepeat?
    var version: Int
    let createdBy: String
    /// When it last changed, milliseconds since 1970.
    var updatedAt: Int64

    /// The row for a checked event.
    init(id: String, householdID: String, event: CalendarEvent, version: Int, createdBy: String, updatedAt: Int64) {
        self.id = id
        self.householdID = householdID
        self.version = version
        self.createdBy = createdBy
        self.updatedAt = updatedAt
        title = event.title
        location = event.location
        switch event.timing {
        case .timed(let start, let end, let zone):
            (self.start, self.end, allDay, timeZone) = (start.description, end.description, false, zone.description)
        case .allDay(let first, let last):
            (start, end, allDay, timeZone) = (first.description, last.description, true, nil)
        }
        repeatRule = event.repeatRule.map { rule in
            let (until, count): (String?, Int?) =
                switch rule.end {
                case .until(let day): (day.description, nil)
                case .count(let count): (nil, count)
                case nil: (nil, nil)
                }
            return EventRepeat(frequency: rule.frequency.rawValue, interval: rule.interval, until: until, count: count)
        }
    }

    /// A row as read.
    init(
        id: String,
        householdID: String,
        title: String,
        start: String,
        end: String,
        allDay: Bool,
        timeZone: String?,
        location: String?,
        repeatRule: EventRepeat?,
        version: Int,
        createdBy: String,
        updatedAt: Int64
    ) {
        self.id = id
        self.householdID = householdID
        self.title = title
        self.start = start
        self.end = end
        self.allDay = allDay
        self.timeZone = timeZone
        self.location = location
        self.repeatRule = repeatRule
        self.version = version
        self.createdBy = createdBy
        self.updatedAt = updatedAt
    }

    /// The event as text, to check again after an edit.
    var draft: EventDraft {
        EventDraft(
            title: title,
            start: start,
            end: end,
            allDay: allDay,
            timeZone: timeZone,
            location: location,
            repeatRule: repeatRule.map(\.draft)
        )
    }

    /// The event as the ops answer it.
    var view: EventView {
        EventView(
            eventId: id,
            householdId: householdID,
            title: title,
            start: start,
            end: end,
            allDay: allDay,
            timeZone: timeZone,
            location: location,
            repeat: repeatRule,
            version: version,
            createdBy: createdBy
        )
    }
}

extension EventRepeat {
    /// The rule as text for ``EventDraft``.
    var draft: EventDraft.Repeat {
        EventDraft.Repeat(frequency: frequency, interval: interval, until: until, count: count)
    }
}

extension StoredEvent: AuthoredEntry {
    static let noun = "event"
    static let idField = "eventId"
    static let authorVerb = "added"
}
