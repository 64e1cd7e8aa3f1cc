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

    /// The step that takes `quantity` units of a stock-limited item, named `name`; it finds no row, and fails the
    /// write with ``Storage/StorageError/Code/lostRace``, when fewer are left than its read saw (a racing order took
    /// them), so racing orders cannot both take the last unit.
    func takeStep(_ itemID: String, quantity: Int, name: String) -> WriteStep {
        WriteStep(
            name,
            """
            UPDATE orders_stock SET remaining = remaining - \(quantity)
            WHERE item_id = \(itemID) AND remaining >= \(quantity) RETURNING remaining
            """,
            unlessRow: StorageError(.lostRace, "\(itemID) was taken meanwhile")
        )
    }

    /// Puts units back (a cancelled order).
    func giveBack(_ itemID: String, quantity: Int, in db: any SQLExecutor) async throws {
        try await db.query("UPDATE orders_stock SET remaining = remaining + \(quantity) WHERE item_id = \(itemID)")
    }
}
