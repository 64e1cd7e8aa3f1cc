import LedgerAPI
import Logging
import Storage
import Webhooks
import Wire

/// The ledger's webhooks: their tables (`ledger_webhooks`, …), the activity log as their outbox, and the relay each
/// worker runs.
public enum LedgerWebhooks {
    static let tables = WebhookTables(prefix: "ledger")
    static let store = WebhookStore(tables: tables)

    /// The relay that delivers `database`'s household events, woken by every change `configuration`'s activity
    /// feed hears of.
    public static func relay(
        database: any Database,
        configuration: LedgerService.Configuration,
        logger: Logger
    ) -> WebhookRelay {
        WebhookRelay(
            database: database,
            store: store,
            source: ActivityEvents(log: ActivityLog(feed: configuration.activityFeed)),
            settings: configuration.webhooks,
            signals: configuration.activityFeed.anyChange,
            key: ActivityFeed.anyChangeKey,
            logger: logger
        )
    }
}

/// The household events webhooks deliver: the activity log's entries, which each change writes in its own
/// transaction and numbers per household without gaps (``ActivityLog``), so an event goes out only for a change
/// that committed, and every committed change has one.
struct ActivityEvents: WebhookEventSource {
    let log: ActivityLog

    var pending: SQL { "w.cursor < (SELECT h.activity_seq FROM ledger_households h WHERE h.id = w.scope)" }

    func events(
        scope: String,
        after cursor: Int64,
        limit: Int,
        in db: any SQLExecutor
    ) async throws
        -> [WebhookEvent]
    {
        try await log.list(household: scope, from: .after(Int(cursor)), limit: limit, in: db).entries.map { entry in
            WebhookEvent(
                seq: Int64(entry.cursor),
                type: entry.action,
                body: try JSONCoding.encode(HouseholdWebhookEvent(householdId: scope, activity: entry))
            )
        }
    }

    func head(scope: String, in db: any SQLExecutor) async throws -> Int64 {
        Int64(try await ActivityLog.counters(of: [scope], in: db)[scope] ?? 0)
    }

    func event(scope: String, seq: Int64, in db: any SQLExecutor) async throws -> WebhookEvent? {
        try await events(scope: scope, after: seq - 1, limit: 1, in: db).first { $0.seq == seq }
    }
}
