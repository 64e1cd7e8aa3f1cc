import Foundation
import LedgerAPI
import Storage

/// Shopping-list rows.
struct ShoppingStore: Sendable {
    private let items = HouseholdItemTable<ShoppingItem>()

    /// Adds an item.
    func insert(_ item: ShoppingItem, in db: any SQLExecutor) async throws {
        try await db.query(
            """
            INSERT INTO ledger_shopping (id, household_id, name, name_key, quantity, unit, note, added_by, version,
                created_at)
            VALUES (\(item.id), \(item.householdID), \(item.name.text), \(item.name.key), \(item.quantity.text),
                \(item.unit.symbol), \(item.note), \(item.addedBy), 1, \(WallClock.millisecondsSince1970()))
            """
        )
    }

    /// The item `id`.
    /// - Throws: ``StoreError`` `notFound`.
    func find(_ id: String, in db: any SQLExecutor) async throws -> ShoppingItem {
        try await items.find(id, in: db)
    }

    /// The household's items named like `name`, oldest first.
    func named(_ name: ItemName, household: String, in db: any SQLExecutor) async throws -> [ShoppingItem] {
        try await items.named(name, household: household, in: db)
    }

    /// The household's list, oldest first.
    func list(_ household: String, in db: any SQLExecutor) async throws -> [ShoppingItem] {
        try await db.query(
            "SELECT * FROM ledger_shopping WHERE household_id = \(household) ORDER BY created_at, id"
        ).map(items.read)
    }

    /// Writes an item's fields when its version is still `version`; returns the new version.
    /// - Throws: ``StoreError`` `staleVersion` when someone changed it since.
    func update(_ item: ShoppingItem, from version: Int, in db: any SQLExecutor) async throws -> Int {
        try await items.update(item, from: version, setting: "note = \(item.note)", in: db)
    }

    /// Deletes an item when its version is still `version`.
    /// - Throws: ``StoreError`` `staleVersion` when someone changed it since.
    func delete(_ item: ShoppingItem, version: Int, in db: any SQLExecutor) async throws {
        try await items.delete(item.id, version: version, in: db)
    }
}

/// An item on a shopping list, as stored.
struct ShoppingItem: Sendable {
    let id: String
    let householdID: String
    var name: ItemName
    var quantity: Quantity
    var unit: StockUnit
    var note: String?
    let addedBy: String
    var version: Int

    /// The item as the ops answer it.
    var view: ShoppingItemView {
        ShoppingItemView(
            itemId: id,
            householdId: householdID,
            name: name.text,
            quantity: quantity.text,
            unit: unit.symbol,
            note: note,
            addedBy: addedBy,
            version: version
        )
    }
}

extension ShoppingItem: HouseholdEntry {
    static let noun = "shopping item"
    static let idField = "itemId"
}
