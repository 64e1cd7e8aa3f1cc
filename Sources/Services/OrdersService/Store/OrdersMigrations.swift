import Storage
import Webhooks

/// The `orders` schema, step by step; every table is prefixed `orders_`, so one PostgreSQL database can hold the
/// ledger's tables too.
enum OrdersMigrations {
    static let all: [Migration] = [
        IdempotencyRecords.migration,
        Migration(
            "001-carts-stock-orders",
            [
                """
                CREATE TABLE orders_carts (
                    id TEXT PRIMARY KEY, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
                    order_id TEXT)
                """,
                "CREATE INDEX orders_carts_updated ON orders_carts (updated_at)",
                """
                CREATE TABLE orders_cart_lines (
                    cart_id TEXT NOT NULL REFERENCES orders_carts (id) ON DELETE CASCADE,
                    kind TEXT NOT NULL, ref TEXT NOT NULL, quantity BIGINT NOT NULL, position BIGINT NOT NULL,
                    PRIMARY KEY (cart_id, kind, ref))
                """,
                "CREATE TABLE orders_stock (item_id TEXT PRIMARY KEY, remaining BIGINT)",
                """
                CREATE TABLE orders_orders (
                    id TEXT PRIMARY KEY, cart_id TEXT NOT NULL UNIQUE, customer_key TEXT NOT NULL,
                    status TEXT NOT NULL, total BIGINT NOT NULL, placed_at BIGINT NOT NULL, details TEXT NOT NULL)
                """,
                "CREATE INDEX orders_orders_customer ON orders_orders (customer_key, placed_at)",
                """
                CREATE TABLE orders_order_lines (
                    order_id TEXT NOT NULL REFERENCES orders_orders (id), position BIGINT NOT NULL,
                    kind TEXT NOT NULL, ref TEXT NOT NULL, quantity BIGINT NOT NULL, unit_price BIGINT NOT NULL,
                    total BIGINT NOT NULL, PRIMARY KEY (order_id, position))
                """,
                """
                CREATE TABLE orders_order_history (
                    order_id TEXT NOT NULL REFERENCES orders_orders (id), status TEXT NOT NULL, at BIGINT NOT NULL)
                """,
                "CREATE INDEX orders_order_history_order ON orders_order_history (order_id, at)",
                """
                CREATE TABLE orders_order_stock (
                    order_id TEXT NOT NULL REFERENCES orders_orders (id), item_id TEXT NOT NULL,
                    quantity BIGINT NOT NULL, PRIMARY KEY (order_id, item_id))
                """,
                """
                CREATE TABLE orders_order_vouchers (
                    order_id TEXT NOT NULL REFERENCES orders_orders (id), code TEXT NOT NULL,
                    PRIMARY KEY (order_id, code))
                """,
                "CREATE TABLE orders_voucher_uses (code TEXT PRIMARY KEY, used BIGINT NOT NULL)",
                """
                CREATE TABLE orders_voucher_customer_uses (
                    code TEXT NOT NULL, customer_key TEXT NOT NULL, used BIGINT NOT NULL,
                    PRIMARY KEY (code, customer_key))
                """,
            ]
        ),
        // The staff's webhook subscriptions, their delivery log and the events asked to be sent again.
        OrderWebhooks.tables.migration("002-webhooks"),
        Migration(
            "003-order-events",
            [
                // The outbox (OrderEvents): one row per order placed or moved, numbered by the counter row.
                """
                CREATE TABLE orders_events (
                    seq BIGINT PRIMARY KEY, type TEXT NOT NULL, order_id TEXT NOT NULL, order_json TEXT NOT NULL,
                    previous_status TEXT, at BIGINT NOT NULL)
                """,
                "CREATE TABLE orders_event_counter (scope TEXT PRIMARY KEY, seq BIGINT NOT NULL)",
                "INSERT INTO orders_event_counter (scope, seq) VALUES ('orders', 0)",
            ]
        ),
    ]
}
