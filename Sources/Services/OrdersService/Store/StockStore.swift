import Ordering
import Storage

/// Stock counts (`orders_stock`). An item without a row has never been counted and takes its menu's initial
/// stock when seeded; a row with a null count was made unlimited by staff and stays so.
struct StockStore: Sendable {
    /// Units left by item id.
    func remaining(in db: any SQLExecutor) async throws -> [String: Int] {
        var remaining: [String: Int] = [:]
        for row in try await db.query("SELECT item_id, remaining FROM orders_stock WHERE remaining IS NOT NULL") {
            remaining[try row.text("item_id")] = Int(try row.int("remaining"))
        }
        return remaining
    }

    /// Gives every stock-limited item of the menu its initial count, unless it has one already.
    func seed(from catalogue: Catalogue, in db: any SQLExecutor) async throws {
        for item in catalogue.items {
            guard let stock = item.stock else { continue }
            try await db.query(
                "INSERT INTO orders_stock (item_id, remaining) VALUES (\(item.id), \(stock)) ON CONFLICT DO NOTHING"
            )
        }
    }

    /// Sets an item's count; `nil` makes it unlimited, also across restarts and menu reloads.
    func set(_ itemID: String, remaining: Int?, in db: any SQLExecutor) async throws {
        try await db.query(
            """
            INSERT INTO orders_stock (item_id, remaining) VALUES (\(itemID), \(remaining))
            ON CONFLICT (item_id) DO UPDATE SET remaining = excluded.remaining
            """
        )
    }

    /// Takes `quantity` units; false when fewer are left (unlimited items always succeed).
    func take(_ itemID: String, quantity: Int, in db: any SQLExecutor) async throws -> Bool {
        let taken = try await db.query(
            """
            UPDATE orders_stock SET remaining = remaining - \(quantity)
            WHERE item_id = \(itemID) AND remaining >= \(quantity) RETURNING remaining
            """
        )
        if !taken.isEmpty { return true }
        let row = try await db.query("SELECT remaining FROM orders_stock WHERE item_id = \(itemID)").first
        return try row == nil || row?.optionalInt("remaining") == nil
    }

    /// Puts units back (a cancelled order).
    func giveBack(_ itemID: String, quantity: Int, in db: any SQLExecutor) async throws {
        try await db.query("UPDATE orders_stock SET remaining = remaining + \(quantity) WHERE item_id = \(itemID)")
    }
}
