import LedgerAPI
import Storage
import Wire

/// The household's change log: who changed what, when, with the entity before and after. Each household numbers
/// its changes 1, 2, 3, ... (the cursor), taken from the household row in the change's own transaction, so the
/// numbers have no gaps and a client that saw cursor n asks for everything after n. Each change is announced on
/// the ``ActivityFeed`` once its transaction commits.
struct ActivityLog: Sendable {
    let feed: ActivityFeed

    /// One change to record.
    struct Change: Sendable {
        let action: String
        let entity: String
        let entityID: String
        let before: (any Encodable & Sendable)?
        let after: (any Encodable & Sendable)?
    }

    /// Appends a change made by `userID`. The household's counter row stays locked until the transaction ends, so
    /// a write takes it last. On PostgreSQL the counter's UPDATE, which also announces the change (the server
    /// delivers the NOTIFY at commit), and the entry's INSERT, which reads the new number from it, are write steps
    /// sent as one statement; SQLite, which cannot put an UPDATE in a WITH, reads the number back from the row.
    func record(_ change: Change, household: String, userID: String, in db: any SQLExecutor) async throws {
        let entry: SQL = """
            \(household), \(userID), \(change.action), \(change.entity), \(change.entityID),
                \(try Self.json(change.before)), \(try Self.json(change.after)), \(WallClock.millisecondsSince1970())
            """
        let counter: SQL = "UPDATE ledger_households SET activity_seq = activity_seq + 1 WHERE id = \(household)"
        let insert: SQL =
            "INSERT INTO ledger_activity (household_id, user_id, action, entity, entity_id, before_json, after_json, "
            + "at, seq) SELECT " + entry + ", activity_seq FROM "
        let missing = StoreError.notFound("household", household, field: "householdId")
        if db.engine == .postgres {
            try await db.write([
                WriteStep("counter", counter + " RETURNING activity_seq, " + ActivityFeed.notifyRowID),
                WriteStep("activity", insert + "counter RETURNING seq", unlessRow: missing),
            ])
        } else {
            try await db.write([
                WriteStep("counter", counter + " RETURNING activity_seq", unlessRow: missing),
                WriteStep("activity", insert + "ledger_households WHERE id = \(household)"),
            ])
        }
        let feed = feed
        db.afterCommit { feed.changed(household) }
    }

    /// Where a page of changes starts: after a cursor, oldest first; or before one, newest first (before 0: from the
    /// newest).
    enum PageStart: Sendable, Equatable {
        case after(Int)
        case before(Int)
    }

    /// Up to `limit` changes from `start` on, and whether more follow in that direction.
    func list(
        household: String,
        from start: PageStart,
        limit: Int,
        in db: any SQLExecutor
    ) async throws
        -> (entries: [ActivityView], more: Bool)
    {
        let page: SQL =
            switch start {
            case .after(let cursor): "AND seq > \(cursor) ORDER BY seq"
            case .before(let cursor) where cursor > 0: "AND seq < \(cursor) ORDER BY seq DESC"
            case .before: "ORDER BY seq DESC"
            }
        let rows = try await db.query(
            """
            SELECT seq, user_id, action, entity, entity_id, before_json, after_json, at FROM ledger_activity
            WHERE household_id = \(household) \(page) LIMIT \(limit + 1)
            """
        )
        let entries = try rows.prefix(limit).map { row in
            ActivityView(
                cursor: Int(try row.int("seq")),
                userId: try row.text("user_id"),
                action: try row.text("action"),
                entity: try row.text("entity"),
                entityId: try row.text("entity_id"),
                at: WallClock.iso8601(millisecondsSince1970: try row.int("at")),
                before: try row.optionalText("before_json").map { try JSONValue(parsing: $0) },
                after: try row.optionalText("after_json").map { try JSONValue(parsing: $0) }
            )
        }
        return (entries, rows.count > limit)
    }

    /// The change counters of `keys` (household ids, whose counter is the last cursor, and user ids, whose counter
    /// is their ``Inbox``'s), by id, read in one statement; an unknown id is left out.
    static func counters(of keys: [String], in db: any SQLExecutor) async throws -> [String: Int] {
        let ids = SQL.joined(keys.map { "\($0)" }, separator: ", ")
        let rows = try await db.query(
            """
            SELECT id, activity_seq AS seq FROM ledger_households WHERE id IN (\(ids))
            UNION ALL SELECT id, inbox_seq FROM ledger_users WHERE id IN (\(ids))
            """
        )
        return Dictionary(uniqueKeysWithValues: try rows.map { (try $0.text("id"), Int(try $0.int("seq"))) })
    }

    private static func json(_ value: (any Encodable & Sendable)?) throws -> String? {
        guard let value else { return nil }
        return String(decoding: try JSONCoding.encode(value), as: UTF8.self)
    }
}
