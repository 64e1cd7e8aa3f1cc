import Foundation
import Storage
import StoredOps
import Wire
import WorkerRuntime

/// What the shopping list and the stock share: an entry read under its household's stock lock, an item put on the
/// list (merged where it can be), a purchase put into stock, and a line that ran out put back on the list. Built
/// with the two stores, the household store (for the lock), the access policy and the activity log.
struct Pantry: Sendable {
    let shopping: ShoppingStore
    let inventory: InventoryStore
    let households: HouseholdStore
    let access: HouseholdAccess
    let activity: ActivityLog

    /// A shopping-list item or stock line that `find` reads, read again under its household's stock lock, and the
    /// caller as a current member of that household.
    /// - Throws: `not_found` when there is no such entry or the caller is not a member, so a non-member cannot tell
    ///   it exists; ``Storage/StorageError`` as it comes.
    func lockedEntry<Entry: HouseholdEntry>(
        _ find: (any SQLExecutor) async throws -> Entry,
        _ context: SignedIn
    ) async throws -> (Entry, HouseholdMember) {
        let member = try await access.member(seeing: try await find(context.db), context)
        try await households.lock(member.household.id, in: member.db)
        return (try await find(member.db), member)
    }

    /// Puts `quantity` of `unit` on the list: added to the oldest item of the same name whose unit converts, or a
    /// new item. Returns the item and whether it merged.
    func addToList(
        _ name: ItemName,
        _ quantity: Quantity,
        _ unit: StockUnit,
        note: String?,
        by member: HouseholdMember
    ) async throws -> (item: ShoppingItem, merged: Bool) {
        let db = member.db
        for var item in try await shopping.named(name, household: member.household.id, in: db) {
            guard let converted = unit.convert(quantity, to: item.unit) else { continue }
            item.quantity = item.quantity + converted
            if let note { item.note = note }
            item.version = try await shopping.update(item, from: item.version, in: db)
            return (item, true)
        }
        let item = ShoppingItem(
            id: "s_" + UUID.random().uuidString.lowercased(),
            householdID: member.household.id,
            name: name,
            quantity: quantity,
            unit: unit,
            note: note,
            addedBy: member.userID,
            version: 1
        )
        try await shopping.insert(item, in: db)
        return (item, false)
    }

    /// What goes into stock.
    struct Purchase: Sendable {
        var name: ItemName
        var quantity: Quantity
        var unit: StockUnit
        var location: String?
        var bestBefore: String?
        var restock: Bool?
        var restockQuantity: Quantity?
    }

    /// Adds a purchase to the oldest line of the same name whose unit converts, at the purchase's location when it
    /// names one (its best-before becomes the earlier of the two), or to a new line. Returns the line, whether it
    /// merged, and the quantity added in the line's unit.
    func stockUp(
        _ purchase: Purchase,
        by member: HouseholdMember
    ) async throws -> (line: StockLine, merged: Bool, added: Quantity) {
        let db = member.db
        for var line in try await inventory.named(purchase.name, household: member.household.id, in: db)
        where purchase.location == nil || line.location == purchase.location {
            guard let added = purchase.unit.convert(purchase.quantity, to: line.unit) else { continue }
            line.quantity = line.quantity + added
            line.bestBefore = [line.bestBefore, purchase.bestBefore].compactMap { $0 }.min()
            line.restock = purchase.restock ?? line.restock
            line.restockQuantity = purchase.restockQuantity ?? line.restockQuantity
            line.version = try await inventory.update(line, from: line.version, in: db)
            return (line, true, added)
        }
        let line = StockLine(
            id: "i_" + UUID.random().uuidString.lowercased(),
            householdID: member.household.id,
            name: purchase.name,
            quantity: purchase.quantity,
            unit: purchase.unit,
            location: purchase.location,
            bestBefore: purchase.bestBefore,
            restock: purchase.restock ?? false,
            restockQuantity: purchase.restockQuantity,
            createdBy: member.userID,
            version: 1
        )
        try await inventory.insert(line, in: db)
        return (line, false, purchase.quantity)
    }

    /// When `line` has run out and has `restock` on, the list item that now covers it: one already on the list
    /// of the same name and a unit that converts is left as it is; otherwise its restock quantity (1 by default)
    /// goes on the list. `nil` when the line is not out or not restocked.
    func restockIfOut(_ line: StockLine, by member: HouseholdMember) async throws -> ShoppingItem? {
        guard line.quantity.isZero, line.restock else { return nil }
        let listed = try await shopping.named(line.name, household: line.householdID, in: member.db)
        if let existing = listed.first(where: { line.unit.convert(.one, to: $0.unit) != nil }) { return existing }
        let item = try await addToList(
            line.name,
            line.restockQuantity ?? .one,
            line.unit,
            note: nil,
            by: member
        ).item
        try await activity.record(
            .init(action: "shopping.restocked", entity: "shopping", entityID: item.id, before: nil, after: item.view),
            household: line.householdID,
            userID: member.userID,
            in: member.db
        )
        return item
    }
}
