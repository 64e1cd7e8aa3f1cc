import Foundation
import Money
import OrdersAPI
import Storage
import Wire

/// The SQL for orders: a row per order with its details as JSON (``StoredOrder``: what the customer was shown and
/// charged), its lines, and its status history.
struct OrderStore: Sendable {
    /// The order's status and what may follow it.
    enum Status: String, CaseIterable, Sendable {
        case placed, accepted, preparing
        case outForDelivery = "out_for_delivery"
        case delivered, cancelled

        /// The statuses staff may move an order to from this one.
        var next: Set<Status> {
            switch self {
            case .placed: [.accepted, .cancelled]
            case .accepted: [.preparing, .cancelled]
            case .preparing: [.outForDelivery, .cancelled]
            case .outForDelivery: [.delivered]
            case .delivered, .cancelled: []
            }
        }
    }

    /// The steps that write a new order, its lines, its first status and what it took: `units` of each item and
    /// the `vouchers` it used, so that a cancellation gives back exactly that.
    func insertSteps(
        _ order: OrderView,
        cartID: String,
        customerKey: String,
        placedAt: Int64,
        took units: [(itemID: String, quantity: Int)],
        vouchers: [String]
    ) throws -> [WriteStep] {
        let id = order.orderId
        let details = String(decoding: try JSONCoding.encode(StoredOrder(order)), as: UTF8.self)
        let total = MinorUnitsText.parse(order.total)
        var steps = [
            WriteStep(
                "order_row",
                """
                INSERT INTO orders_orders (id, cart_id, customer_key, status, total, placed_at, details)
                VALUES (\(id), \(cartID), \(customerKey), \(order.status), \(total), \(placedAt), \(details))
                """
            ),
            WriteStep("order_history", historyInsert(id, status: order.status, at: placedAt)),
        ]
        let lines = (order.items + order.specialItems).enumerated().map { position, line -> SQL in
            """
            (\(id), \(position), \(line.kind), \(line.id), \(line.quantity), \(MinorUnitsText.parse(line.unitPrice)),
             \(MinorUnitsText.parse(line.total)))
            """
        }
        let rows: [(name: String, insert: SQL, values: [SQL])] = [
            ("order_lines", "orders_order_lines (order_id, position, kind, ref, quantity, unit_price, total)", lines),
            (
                "order_stock", "orders_order_stock (order_id, item_id, quantity)",
                units.map { "(\(id), \($0.itemID), \($0.quantity))" }
            ),
            ("order_vouchers", "orders_order_vouchers (order_id, code)", vouchers.map { "(\(id), \($0))" }),
        ]
        for (name, insert, values) in rows where !values.isEmpty {
            steps.append(WriteStep(name, "INSERT INTO " + insert + " VALUES " + SQL.joined(values, separator: ", ")))
        }
        return steps
    }

    /// The order for a cart, if the cart was ordered.
    func orderID(forCart cartID: String, in db: any SQLExecutor) async throws -> String? {
        try await db.query("SELECT id FROM orders_orders WHERE cart_id = \(cartID)").first?.text("id")
    }

    /// An order with its current status and history.
    /// - Throws: ``StoreError`` `notFound`.
    func load(_ id: String, in db: any SQLExecutor) async throws -> OrderView {
        guard let row = try await db.query("SELECT status, details FROM orders_orders WHERE id = \(id)").first else {
            throw StoreError.notFound("order", id, field: "orderId")
        }
        return try await view(id: id, status: try row.text("status"), details: try row.text("details"), in: db)
    }

    /// The customer key an order was placed under.
    func customerKey(of id: String, in db: any SQLExecutor) async throws -> String {
        guard let row = try await db.query("SELECT customer_key FROM orders_orders WHERE id = \(id)").first else {
            throw StoreError.notFound("order", id, field: "orderId")
        }
        return try row.text("customer_key")
    }

    /// A customer's orders, newest first, `limit` at a time; the cursor is the last order's `placedAt|id`.
    func list(
        customerKey: String,
        limit: Int,
        after cursor: (placedAt: Int64, id: String)?,
        in db: any SQLExecutor
    )
        async throws -> [(order: OrderView, placedAt: Int64)]
    {
        let page: SQL =
            cursor.map { "AND (placed_at < \($0.placedAt) OR (placed_at = \($0.placedAt) AND id < \($0.id)))" } ?? ""
        let rows = try await db.query(
            """
            SELECT id, status, details, placed_at FROM orders_orders
            WHERE customer_key = \(customerKey) \(page)
            ORDER BY placed_at DESC, id DESC LIMIT \(limit)
            """
        )
        var orders: [(OrderView, Int64)] = []
        for row in rows {
            let order = try await view(
                id: try row.text("id"),
                status: try row.text("status"),
                details: try row.text("details"),
                in: db
            )
            orders.append((order, try row.int("placed_at")))
        }
        return orders
    }

    /// Moves an order from `from` to `to`; false when its status was no longer `from` (a concurrent change).
    func move(_ id: String, from: Status, to: Status, in db: any SQLExecutor) async throws -> Bool {
        let moved = try await db.query(
            "UPDATE orders_orders SET status = \(to.rawValue) WHERE id = \(id) AND status = \(from.rawValue) RETURNING id"
        )
        guard !moved.isEmpty else { return false }
        try await record(id, status: to.rawValue, at: WallClock.millisecondsSince1970(), in: db)
        return true
    }

    private func record(_ id: String, status: String, at: Int64, in db: any SQLExecutor) async throws {
        try await db.query(historyInsert(id, status: status, at: at))
    }

    private func historyInsert(_ id: String, status: String, at: Int64) -> SQL {
        "INSERT INTO orders_order_history (order_id, status, at) VALUES (\(id), \(status), \(at))"
    }

    /// The order of row `id`, with its history.
    /// - Throws: ``Storage/StorageError`` `decoding` (answered `internal`) for details that do not read as a ``StoredOrder``.
    private func view(id: String, status: String, details: String, in db: any SQLExecutor) async throws -> OrderView {
        let stored: StoredOrder
        do {
            stored = try JSONCoding.decode(StoredOrder.self, from: Array(details.utf8))
        } catch {
            throw StorageError(.decoding, "the stored details of order \(id) do not read", underlying: error)
        }
        // Moves within one millisecond keep their lifecycle order: placed before accepted before cancelled.
        let rank = Dictionary(uniqueKeysWithValues: Status.allCases.enumerated().map { ($1.rawValue, $0) })
        let history = try await db.query(
            "SELECT status, at FROM orders_order_history WHERE order_id = \(id)"
        ).map { row in (status: try row.text("status"), at: try row.int("at")) }
            .sorted { ($0.at, rank[$0.status] ?? 0) < ($1.at, rank[$1.status] ?? 0) }
            .map { OrderView.StatusChange(status: $0.status, at: WallClock.iso8601(millisecondsSince1970: $0.at)) }
        return stored.view(status: status, history: history)
    }
}
