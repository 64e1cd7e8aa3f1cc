import LedgerAPI
import Storage

/// What stock lines and shopping-list items share as rows: a named quantity of a unit in one household, versioned,
/// each kind in a table of its own.
protocol HouseholdItemRow: HouseholdEntry {
    /// Its table.
    static var table: String { get }
    var name: ItemName { get }
    var quantity: Quantity { get }
    var unit: StockUnit { get }
    /// Reads one from its row, given the columns every kind has.
    init(_ shared: ItemColumns, row: SQLRow) throws
}

/// The columns every ``HouseholdItemRow`` has, read from a row. A stored value the ops would refuse (a quantity or a
/// unit that is none) is a corrupt row: a ``StorageError`` `decoding`, which answers `internal` and is logged, never
/// the caller's `invalid_argument`.
struct ItemColumns {
    let id: String
    let householdID: String
    let name: ItemName
    let quantity: Quantity
    let unit: StockUnit
    let version: Int

    init(_ row: SQLRow) throws {
        id = try row.text("id")
        householdID = try row.text("household_id")
        name = ItemName(stored: try row.text("name"), key: try row.text("name_key"))
        quantity = try Self.stored(try row.text("quantity"), "quantity") {
            try Quantity($0, field: "quantity", allowsZero: true)
        }
        unit = try Self.stored(try row.text("unit"), "unit") { try StockUnit($0) }
        version = Int(try row.int("version"))
    }

    /// The stored `text` of `column` read by `parse`; a ``StorageError`` `decoding` when `parse` refuses it.
    static func stored<Value>(_ text: String, _ column: String, _ parse: (String) throws -> Value) throws -> Value {
        do {
            return try parse(text)
        } catch {
            throw StorageError(.decoding, "the stored \(column) \"\(text)\" is not one", underlying: error)
        }
    }
}

/// The reads, the versioned update and the delete that stock lines and shopping-list items share.
struct HouseholdItemTable<Item: HouseholdItemRow>: Sendable {
    /// The item `id`.
    /// - Throws: ``StoreError`` `notFound`.
    func find(_ id: String, in db: any SQLExecutor) async throws -> Item {
        let rows = try await db.query("SELECT * FROM \(raw: Item.table) WHERE id = \(id)")
        guard let row = rows.first else { throw Item.notFound(id) }
        return try read(row)
    }

    /// The household's items named like `name`, oldest first.
    func named(_ name: ItemName, household: String, in db: any SQLExecutor) async throws -> [Item] {
        try await db.query(
            """
            SELECT * FROM \(raw: Item.table) WHERE household_id = \(household) AND name_key = \(name.key)
            ORDER BY created_at, id
            """
        ).map(read)
    }

    /// Writes `item`'s shared columns, and `more` (its own, `column = value, …`), when its version is still `version`;
    /// returns the new version.
    /// - Throws: ``StoreError`` `staleVersion` when someone changed it since.
    func update(_ item: Item, from version: Int, setting more: SQL, in db: any SQLExecutor) async throws -> Int {
        let rows = try await db.query(
            """
            UPDATE \(raw: Item.table) SET name = \(item.name.text), name_key = \(item.name.key),
                quantity = \(item.quantity.text), unit = \(item.unit.symbol), \(more), version = version + 1
            WHERE id = \(item.id) AND version = \(version) RETURNING version
            """
        )
        guard let newVersion = try rows.first?.int("version") else {
            throw Item.staleVersion(item.id, since: version)
        }
        return Int(newVersion)
    }

    /// Deletes the item `id` when its version is still `version`.
    /// - Throws: ``StoreError`` `staleVersion` when someone changed it since.
    func delete(_ id: String, version: Int, in db: any SQLExecutor) async throws {
        let rows = try await db.query(
            "DELETE FROM \(raw: Item.table) WHERE id = \(id) AND version = \(version) RETURNING id"
        )
        guard !rows.isEmpty else { throw Item.staleVersion(id, since: version) }
    }

    /// One item, from its row.
    func read(_ row: SQLRow) throws -> Item {
        try Item(ItemColumns(row), row: row)
    }
}

extension StockLine: HouseholdItemRow {
    static let table = "ledger_inventory"

    init(_ shared: ItemColumns, row: SQLRow) throws {
        self.init(
            id: shared.id,
            householdID: shared.householdID,
            name: shared.name,
            quantity: shared.quantity,
            unit: shared.unit,
            location: try row.optionalText("location"),
            bestBefore: try row.optionalText("best_before"),
            restock: try row.int("restock") != 0,
            restockQuantity: try row.optionalText("restock_quantity").map {
                try ItemColumns.stored($0, "restock_quantity") { try Quantity($0, field: "restockQuantity") }
            },
            createdBy: try row.text("created_by"),
            version: shared.version
        )
    }
}

extension ShoppingItem: HouseholdItemRow {
    static let table = "ledger_shopping"

    init(_ shared: ItemColumns, row: SQLRow) throws {
        self.init(
            id: shared.id,
            householdID: shared.householdID,
            name: shared.name,
            quantity: shared.quantity,
            unit: shared.unit,
            note: try row.optionalText("note"),
            addedBy: try row.text("added_by"),
            version: shared.version
        )
    }
}
