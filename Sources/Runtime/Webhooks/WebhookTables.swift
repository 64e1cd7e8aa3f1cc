import Storage

/// The tables of one service's webhooks, named with the service's prefix (`ledger_webhooks`, `orders_webhooks`), so
/// that one PostgreSQL database holds both services': the subscriptions, every attempt made, and the events asked
/// to be sent again.
public struct WebhookTables: Sendable {
    /// `ledger` or `orders`.
    public let prefix: String

    public init(prefix: String) { self.prefix = prefix }

    var subscriptions: SQL { "\(raw: prefix)_webhooks" }
    var attempts: SQL { "\(raw: prefix)_webhook_attempts" }
    var redeliveries: SQL { "\(raw: prefix)_webhook_redeliveries" }

    /// The migration that creates them.
    public func migration(_ name: String) -> Migration {
        Migration(
            name,
            [
                """
                CREATE TABLE \(subscriptions) (
                    id TEXT PRIMARY KEY, scope TEXT NOT NULL, url TEXT NOT NULL, secret TEXT NOT NULL,
                    events TEXT NOT NULL, state TEXT NOT NULL, reason TEXT, created_by TEXT NOT NULL,
                    created_at BIGINT NOT NULL, cursor BIGINT NOT NULL, failures BIGINT NOT NULL,
                    next_at BIGINT NOT NULL, attempts BIGINT NOT NULL, lease_owner TEXT, lease_until BIGINT NOT NULL)
                """,
                "CREATE INDEX \(raw: prefix)_webhooks_scope ON \(subscriptions) (scope)",
                "CREATE INDEX \(raw: prefix)_webhooks_due ON \(subscriptions) (state, next_at)",
                """
                CREATE TABLE \(attempts) (
                    webhook_id TEXT NOT NULL, number BIGINT NOT NULL, event_seq BIGINT NOT NULL,
                    event_type TEXT NOT NULL, message_id TEXT NOT NULL, trigger TEXT NOT NULL, outcome TEXT NOT NULL,
                    status BIGINT, error TEXT, at BIGINT NOT NULL, milliseconds BIGINT NOT NULL,
                    PRIMARY KEY (webhook_id, number))
                """,
                """
                CREATE TABLE \(redeliveries) (
                    webhook_id TEXT NOT NULL, event_seq BIGINT NOT NULL, requested_at BIGINT NOT NULL,
                    PRIMARY KEY (webhook_id, event_seq))
                """,
            ]
        )
    }
}
