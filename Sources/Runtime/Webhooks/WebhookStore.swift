import Storage
import Wire

/// The subscriptions of one service (``WebhookTables``) and their delivery log, read and written inside the caller's
/// transaction. A relay works a subscription only while it holds the subscription's lease (its id in `lease_owner`,
/// renewed before `lease_until` passes); every write of delivery progress names the owner, so a relay whose lease
/// was taken over changes nothing.
public struct WebhookStore: Sendable {
    public let tables: WebhookTables
    /// Signalled (on a store's ``newsKey``) once a write that may make one of its subscriptions due commits: one
    /// subscribed or resumed, a redelivery asked for. It wakes this process's relay at once, even while the relay
    /// knows of no active subscription and so reads nothing at the services' own writes (decision 0115).
    static let news = ChangeSignals()
    /// This store's key in ``news``: its tables' prefix.
    var newsKey: String { tables.prefix }

    public init(tables: WebhookTables) { self.tables = tables }

    /// Signals ``news`` once `db`'s transaction commits.
    private func announce(in db: any SQLExecutor) {
        let key = newsKey
        db.afterCommit { Self.news.signal(key) }
    }

    private static let columns: SQL =
        "id, scope, url, secret, events, state, reason, created_by, created_at, cursor, failures, next_at, attempts"

    /// Adds `subscription`.
    public func insert(_ subscription: WebhookSubscription, in db: any SQLExecutor) async throws {
        let s = subscription
        try await db.query(
            """
            INSERT INTO \(tables.subscriptions) (\(Self.columns), lease_owner, lease_until) VALUES (\(s.id), \(s.scope),
                \(s.url), \(s.secret.text), \(s.events.joined(separator: " ")), \(s.state), \(s.reason),
                \(s.createdBy), \(s.createdAt), \(s.cursor), \(s.failures), \(s.nextAt), \(s.attempts), NULL, 0)
            """
        )
        announce(in: db)
    }

    /// The subscriptions of `scope`, oldest first.
    public func list(scope: String, in db: any SQLExecutor) async throws -> [WebhookSubscription] {
        try await db.query(
            "SELECT \(Self.columns) FROM \(tables.subscriptions) WHERE scope = \(scope) ORDER BY created_at, id"
        ).map(Self.subscription)
    }

    /// Every active subscription, of every scope.
    public func active(in db: any SQLExecutor) async throws -> [WebhookSubscription] {
        try await db.query(
            "SELECT \(Self.columns) FROM \(tables.subscriptions) WHERE state = 'active' ORDER BY scope, created_at, id"
        ).map(Self.subscription)
    }

    /// Whether any subscription, of any scope, is active.
    func anyActive(in db: any SQLExecutor) async throws -> Bool {
        try await !db.query("SELECT id FROM \(tables.subscriptions) WHERE state = 'active' LIMIT 1").isEmpty
    }

    /// The subscription `id` of `scope`, or nil.
    public func find(_ id: String, scope: String, in db: any SQLExecutor) async throws -> WebhookSubscription? {
        try await db.query(
            "SELECT \(Self.columns) FROM \(tables.subscriptions) WHERE id = \(id) AND scope = \(scope)"
        ).first.map(Self.subscription)
    }

    /// Deletes the subscription `id` of `scope` with its log; returns whether it existed.
    public func delete(_ id: String, scope: String, in db: any SQLExecutor) async throws -> Bool {
        let gone = try await db.query(
            "DELETE FROM \(tables.subscriptions) WHERE id = \(id) AND scope = \(scope) RETURNING id"
        )
        guard !gone.isEmpty else { return false }
        try await db.query("DELETE FROM \(tables.attempts) WHERE webhook_id = \(id)")
        try await db.query("DELETE FROM \(tables.redeliveries) WHERE webhook_id = \(id)")
        return true
    }

    /// Sets the subscription's state (`active` clears its reason and failures, and makes it due now).
    public func setState(
        _ id: String,
        scope: String,
        _ state: String,
        reason: String?,
        now: Int64,
        in db: any SQLExecutor
    ) async throws -> Bool {
        announce(in: db)
        return try await !db.query(
            """
            UPDATE \(tables.subscriptions) SET state = \(state), reason = \(reason), failures = 0, next_at = \(now)
            WHERE id = \(id) AND scope = \(scope) RETURNING id
            """
        ).isEmpty
    }

    /// Asks for the scope's event `seq` to be sent to the subscription again.
    public func queueRedelivery(_ id: String, seq: Int64, now: Int64, in db: any SQLExecutor) async throws {
        try await db.query(
            """
            INSERT INTO \(tables.redeliveries) (webhook_id, event_seq, requested_at) VALUES (\(id), \(seq), \(now))
            ON CONFLICT (webhook_id, event_seq) DO NOTHING
            """
        )
        announce(in: db)
    }

    /// The events asked to be sent again to the subscription, oldest request first.
    func redeliveries(_ id: String, in db: any SQLExecutor) async throws -> [Int64] {
        try await db.query(
            "SELECT event_seq FROM \(tables.redeliveries) WHERE webhook_id = \(id) ORDER BY requested_at, event_seq"
        ).map { try $0.int("event_seq") }
    }

    /// Up to `limit` attempts of the subscription, newest first, numbered below `before` (all when nil).
    public func attempts(
        _ id: String,
        before: Int64?,
        limit: Int,
        in db: any SQLExecutor
    ) async throws -> [WebhookAttempt] {
        let below: SQL = before.map { "AND number < \($0)" } ?? ""
        return try await db.query(
            """
            SELECT number, event_seq, event_type, message_id, trigger, outcome, status, error, at, milliseconds
            FROM \(tables.attempts) WHERE webhook_id = \(id) \(below) ORDER BY number DESC LIMIT \(limit)
            """
        ).map { row in
            WebhookAttempt(
                number: try row.int("number"),
                eventSeq: try row.int("event_seq"),
                eventType: try row.text("event_type"),
                messageID: try row.text("message_id"),
                trigger: try row.text("trigger"),
                outcome: try row.text("outcome"),
                status: try row.optionalInt("status").map(Int.init),
                error: try row.optionalText("error"),
                at: try row.int("at"),
                milliseconds: try row.int("milliseconds")
            )
        }
    }

    // MARK: - The relay's side

    /// The active subscription due first that has work (`pending`, over the row `w`, or an event asked to be sent
    /// again) and is not leased, but to `owner`: its id and when it is due.
    func nextDue(
        pending: SQL,
        owner: String,
        now: Int64,
        in db: any SQLExecutor
    ) async throws
        -> (id: String, due: Int64)?
    {
        let rows = try await db.query(
            """
            SELECT w.id, w.next_at FROM \(tables.subscriptions) w
            WHERE w.state = 'active' AND (w.lease_until < \(now) OR w.lease_owner = \(owner))
            AND ((\(pending)) OR EXISTS (SELECT 1 FROM \(tables.redeliveries) r WHERE r.webhook_id = w.id))
            ORDER BY w.next_at LIMIT 1
            """
        )
        guard let row = rows.first else { return nil }
        return (try row.text("id"), try row.int("next_at"))
    }

    /// Takes the lease of subscription `id` for `owner` until `until`, if nobody else holds it at `now`.
    func claim(
        _ id: String,
        owner: String,
        now: Int64,
        until: Int64,
        in db: any SQLExecutor
    ) async throws
        -> WebhookSubscription?
    {
        try await db.query(
            """
            UPDATE \(tables.subscriptions) SET lease_owner = \(owner), lease_until = \(until)
            WHERE id = \(id) AND state = 'active' AND (lease_until < \(now) OR lease_owner = \(owner)) RETURNING \(Self.columns)
            """
        ).first.map(Self.subscription)
    }

    /// Extends `owner`'s lease to `until`; false when it no longer holds it.
    func renew(_ id: String, owner: String, until: Int64, in db: any SQLExecutor) async throws -> Bool {
        try await !db.query(
            """
            UPDATE \(tables.subscriptions) SET lease_until = \(until) WHERE id = \(id) AND lease_owner = \(owner)
            RETURNING id
            """
        ).isEmpty
    }

    /// Gives the lease up, with the subscription moved on to `progress`.
    func release(_ id: String, owner: String, progress: Progress, in db: any SQLExecutor) async throws {
        try await db.query(
            """
            UPDATE \(tables.subscriptions) SET lease_owner = NULL, lease_until = 0, cursor = \(progress.cursor),
                failures = \(progress.failures), next_at = \(progress.nextAt)
            WHERE id = \(id) AND lease_owner = \(owner)
            """
        )
    }

    /// Gives `owner`'s lease up, leaving the subscription where its last attempt left it.
    func free(_ id: String, owner: String, in db: any SQLExecutor) async throws {
        try await db.query(
            """
            UPDATE \(tables.subscriptions) SET lease_owner = NULL, lease_until = 0
            WHERE id = \(id) AND lease_owner = \(owner)
            """
        )
    }

    /// Where a subscription's delivery stands after an attempt.
    struct Progress: Sendable {
        var cursor: Int64
        var failures: Int
        var nextAt: Int64
        /// Set when the subscription is to be disabled, with why.
        var disabled: String?
    }

    /// Logs `attempt` and moves the subscription on to `progress` (a redelivery's attempt leaves it where it is and
    /// takes the request off the queue), if `owner` still holds its lease; false when it does not (nothing is written).
    func record(
        _ attempt: WebhookAttempt,
        of id: String,
        owner: String,
        progress: Progress?,
        in db: any SQLExecutor
    ) async throws -> Bool {
        let state: SQL = progress?.disabled == nil ? "" : ", state = 'disabled', reason = \(progress?.disabled)"
        let moved: SQL =
            progress.map { ", cursor = \($0.cursor), failures = \($0.failures), next_at = \($0.nextAt)" } ?? ""
        let number = try await db.query(
            """
            UPDATE \(tables.subscriptions) SET attempts = attempts + 1\(moved)\(state)
            WHERE id = \(id) AND lease_owner = \(owner) RETURNING attempts
            """
        )
        guard let row = number.first else { return false }
        let a = attempt
        try await db.query(
            """
            INSERT INTO \(tables.attempts) (webhook_id, number, event_seq, event_type, message_id, trigger, outcome,
                status, error, at, milliseconds)
            VALUES (\(id), \(try row.int("attempts")), \(a.eventSeq), \(a.eventType), \(a.messageID), \(a.trigger),
                \(a.outcome), \(a.status.map(Int64.init)), \(a.error), \(a.at), \(a.milliseconds))
            """
        )
        if a.trigger == WebhookAttempt.redeliver {
            try await db.query(
                "DELETE FROM \(tables.redeliveries) WHERE webhook_id = \(id) AND event_seq = \(a.eventSeq)"
            )
        }
        return true
    }

    /// Drops a request to send again an event that does not exist.
    func dropRedelivery(_ id: String, seq: Int64, in db: any SQLExecutor) async throws {
        try await db.query("DELETE FROM \(tables.redeliveries) WHERE webhook_id = \(id) AND event_seq = \(seq)")
    }

    private static func secret(_ text: String) throws -> WebhookSecret {
        guard let secret = WebhookSecret(text: text) else {
            throw StorageError(.decoding, "a stored secret is not one")
        }
        return secret
    }

    private static func subscription(_ row: SQLRow) throws -> WebhookSubscription {
        WebhookSubscription(
            id: try row.text("id"),
            scope: try row.text("scope"),
            url: try row.text("url"),
            secret: try secret(row.text("secret")),
            events: try row.text("events").split(separator: " ").map(String.init),
            state: try row.text("state"),
            reason: try row.optionalText("reason"),
            createdBy: try row.text("created_by"),
            createdAt: try row.int("created_at"),
            cursor: try row.int("cursor"),
            failures: Int(try row.int("failures")),
            nextAt: try row.int("next_at"),
            attempts: try row.int("attempts")
        )
    }
}
