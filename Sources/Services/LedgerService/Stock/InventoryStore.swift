import Foundation
import LedgerAPI
import Storage

/// Stock-line rows: what the household has, where, and until when.
struct InventoryStore: Sendable {
    private let lines = HouseholdItemTable<StockLine>()

    /// Adds a line.
    func insert(_ line: StockLine, in db: any SQLExecutor) async throws {
        try await db.query(
            """
            INSERT INTO ledger_inventory (id, household_id, name, name_key, quantity, unit, location, best_before,
                restock, restock_quantity, version, created_by, created_at)
            VALUES (\(line.id), \(line.householdID), \(line.name.text), \(line.name.key), \(line.quantity.text),
                \(line.unit.symbol), \(line.location), \(line.bestBefore), \(line.restock ? 1 : 0),
                \(line.restockQuantity?.text), 1, \(line.createdBy), \(WallClock.millisecondsSince1970()))
            """
        )
    }

    /// The line `id`.
    /// - Throws: ``StoreError`` `notFound`.
    func find(_ id: String, in db: any SQLExecutor) async throws -> StockLine {
        try await lines.find(id, in: db)
    }

    /// The household's lines named like `name`, oldest first.
    func named(_ name: ItemName, household: String, in db: any SQLExecutor) async throws -> [StockLine] {
        try await lines.named(name, household: household, in: db)
    }

    /// The household's lines by name; only those at `location` when given, and only those in stock with a
    /// best-before date up to `dueBy` when given (earliest first).
    func list(
        _ household: String,
        location: String?,
        dueBy: String?,
        in db: any SQLExecutor
    ) async throws -> [StockLine] {
        var sql: SQL = "SELECT * FROM ledger_inventory WHERE household_id = \(household)"
        if let location { sql = sql + " AND location = \(location)" }
        if let dueBy {
            sql = sql + " AND best_before IS NOT NULL AND best_before <= \(dueBy) AND quantity <> '0'"
            sql = sql + " ORDER BY best_before, name_key, id"
        } else {
            sql = sql + " ORDER BY name_key, created_at, id"
        }
        return try await db.query(sql).map(lines.read)
    }

    /// Writes a line's fields when its version is still `version`; returns the new version.
    /// - Throws: ``StoreError`` `staleVersion` when someone changed it since.
    func update(_ line: StockLine, from version: Int, in db: any SQLExecutor) async throws -> Int {
        try await lines.update(
            line,
            from: version,
            setting: """
                location = \(line.location), best_before = \(line.bestBefore), restock = \(line.restock ? 1 : 0),
                restock_quantity = \(line.restockQuantity?.text)
                """,
            in: db
        )
    }

    /// Deletes a line when its version is still `version`.
    /// - Throws: ``StoreError`` `staleVersion` when someone changed it since.
    func delete(_ line: StockLine, version: Int, in db: any SQLExecutor) async throws {
        try await lines.delete(line.id, version: version, in: db)
    }
}

/// A stock line, as stored.
struct StockLine: Sendable {
    let id: String
    let householdID: String
    var name: ItemName
    var quantity: Quantity
    var unit: StockUnit
    var location: String?
    var bestBefore: String?
    var restock: Bool
    var restockQuantity: Quantity?
    let createdBy: String
    var version: Int

    /// The line as the ops answer it, with `daysLeft` when listed against a date.
    func view(daysLeft: Int? = nil) -> StockLineView {
        StockLineView(
            itemId: id,
            householdId: householdID,
            name: name.text,
            quantity: quantity.text,
            unit: unit.symbol,
            location: location,
            bestBefore: bestBefore,
            daysLeft: daysLeft,
            restock: restock,
            restockQuantity: restockQuantity?.text,
            version: version
        )
    }
}

extension StockLine: HouseholdEntry {
    static let noun = "stock line"
    static let idField = "itemId"
}
