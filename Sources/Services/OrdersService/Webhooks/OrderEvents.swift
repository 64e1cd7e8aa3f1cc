import Logging
import OrdersAPI
import Storage
import Webhooks
import Wire

/// The orders' outbox: each order placed or moved writes an `orders_events` row in the same statement or
/// transaction as the change, numbered 1, 2, 3, ... from the counter row `orders_event_counter` (held locked until
/// the change commits, so the numbers have no gaps and follow the commits), with the order as it was after the
/// change. Once the change commits, the worker's relay is woken (``signals``).
struct OrderEvents: WebhookEventSource {
    /// Where a committed event is announced, for this worker's relay.
    let signals: ChangeSignals
    /// The key ``signals`` is signalled on.
    static let key = OrderWebhookOps.scope

    /// The steps that write the event of `type` for `order` (as it is after the change), which left `previous`.
    func steps(_ type: String, order: OrderView, previous: String?, engine: DatabaseEngine) throws -> [WriteStep] {
        let details = String(decoding: try JSONCoding.encode(order), as: UTF8.self)
        let row: SQL =
            "INSERT INTO orders_events (seq, type, order_id, order_json, previous_status, at) SELECT seq, \(type), "
            + "\(order.orderId), \(details), \(previous), \(WallClock.millisecondsSince1970()) FROM "
        let counter: SQL = "UPDATE orders_event_counter SET seq = seq + 1 WHERE scope = \(Self.key) RETURNING seq"
        return [
            WriteStep("event_counter", counter),
            WriteStep(
                "event_row",
                engine == .postgres ? row + "event_counter" : row + "orders_event_counter WHERE scope = \(Self.key)"
            ),
        ]
    }

    /// Wakes the relay once `db`'s transaction commits.
    func announce(after db: any SQLExecutor) {
        let signals = signals
        db.afterCommit { signals.signal(Self.key) }
    }

    var pending: SQL { "w.cursor < (SELECT c.seq FROM orders_event_counter c WHERE c.scope = w.scope)" }

    func head(scope: String, in db: any SQLExecutor) async throws -> Int64 {
        try await db.query("SELECT seq FROM orders_event_counter WHERE scope = \(scope)").first?.int("seq") ?? 0
    }

    func events(
        scope: String,
        after cursor: Int64,
        limit: Int,
        in db: any SQLExecutor
    ) async throws
        -> [WebhookEvent]
    {
        try await db.query(
            """
            SELECT seq, type, order_json, previous_status, at FROM orders_events WHERE seq > \(cursor)
            ORDER BY seq LIMIT \(limit)
            """
        ).map { row in
            let seq = try row.int("seq")
            let order = try JSONCoding.decode(OrderView.self, from: Array(try row.text("order_json").utf8))
            let event = OrderWebhookEvent(
                type: try row.text("type"),
                timestamp: WallClock.iso8601(millisecondsSince1970: try row.int("at")),
                data: .init(cursor: Int(seq), order: order, previousStatus: try row.optionalText("previous_status"))
            )
            return WebhookEvent(seq: seq, type: event.type, body: try JSONCoding.encode(event))
        }
    }

    func event(scope: String, seq: Int64, in db: any SQLExecutor) async throws -> WebhookEvent? {
        try await events(scope: scope, after: seq - 1, limit: 1, in: db).first { $0.seq == seq }
    }
}

/// The orders' webhooks: their tables (`orders_webhooks`, …), the outbox (``OrderEvents``), and the relay each
/// worker runs.
public enum OrderWebhooks {
    static let tables = WebhookTables(prefix: "orders")
    static let store = WebhookStore(tables: tables)

    /// The relay that delivers `database`'s order events, woken by this worker's orders.
    public static func relay(
        database: any Database,
        configuration: OrdersService.Configuration,
        logger: Logger
    ) -> WebhookRelay {
        WebhookRelay(
            database: database,
            store: store,
            source: OrderEvents(signals: configuration.events),
            settings: configuration.webhooks,
            signals: configuration.events,
            key: OrderEvents.key,
            logger: logger
        )
    }
}
