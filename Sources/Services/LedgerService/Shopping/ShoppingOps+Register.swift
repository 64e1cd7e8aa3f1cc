import Foundation
import Ledger
import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `shopping.add`, `shopping.edit`, `shopping.remove`, `shopping.list`, `shopping.bought`. A bought item's bill
    /// in another currency has its reference rate asked of calc before its write (``RatesFetchedFirst``).
    mutating func registerShoppingOps(_ handlers: ShoppingHandlers, _ scopes: LedgerScopes) {
        register(ShoppingAddOp.self, in: scopes.write, handler: handlers.shoppingAdd)
        register(ShoppingEditOp.self, in: scopes.write, handler: handlers.shoppingEdit)
        register(ShoppingRemoveOp.self, in: scopes.write, handler: handlers.shoppingRemove)
        register(ShoppingListOp.self, in: scopes.read, handler: handlers.shoppingList)
        register(
            ShoppingBoughtOp.self,
            in: scopes.write,
            middleware: [RatesFetchedFirst(valuation: handlers.bills.valuation)],
            handler: handlers.shoppingBought
        )
    }
}

/// The shopping list's ops: with the ``Pantry`` it shares with the stock, and the bills' handlers for a bought
/// item's bill, and nothing else.
struct ShoppingHandlers: Sendable {
    let pantry: Pantry
    let bills: BillHandlers

    private var shopping: ShoppingStore { pantry.shopping }
    private var activity: ActivityLog { pantry.activity }

    /// A shopping-list item, read again under its household's stock lock, and the caller as a member there.
    /// - Throws: `not_found` when there is no such item or the caller is not a member of its household.
    func listedItem(_ id: String, _ context: SignedIn) async throws -> (ShoppingItem, HouseholdMember) {
        try await pantry.lockedEntry({ try await shopping.find(id, in: $0) }, context)
    }

    /// `shopping.bought`: the item (or `quantity` of it, in its unit) leaves the list and joins the stock, with an
    /// optional bill, all in the op's one transaction.
    func buy(_ args: ShoppingBoughtOp.Args, _ context: SignedIn) async throws -> ShoppingBoughtOp.Result {
        let (item, member) = try await listedItem(args.itemId, context)
        if let version = args.version, version != item.version {
            throw WireError(.conflict, "shopping item \(item.id) changed since version \(version)", field: "version")
        }
        let bought = try args.quantity.map { try Quantity($0, field: "quantity") } ?? item.quantity
        let (line, merged, added) = try await pantry.stockUp(
            Pantry.Purchase(
                name: item.name,
                quantity: bought,
                unit: item.unit,
                location: try args.location.map { try StockLocation.validated($0) },
                bestBefore: try args.bestBefore.map { try DateCheck.validated($0, field: "bestBefore") }
            ),
            by: member
        )
        var remaining: ShoppingItem?
        if bought < item.quantity {
            var rest = item
            rest.quantity = item.quantity - bought
            rest.version = try await shopping.update(rest, from: item.version, in: member.db)
            remaining = rest
        } else {
            try await shopping.delete(item, version: item.version, in: member.db)
        }
        var bill: BillView?
        if var fields = args.bill {
            fields.description = fields.description ?? item.name.text
            if fields.payers == nil { fields.paidBy = fields.paidBy ?? member.userID }
            fields.split = fields.split ?? SplitSpec(kind: "equal")
            let members = try await pantry.households.currentMemberIDs(member.household.id, in: member.db)
            bill = try await bills.addBill(fields, by: member, among: members)
        }
        let result = ShoppingBoughtOp.Result(
            remaining: remaining?.view,
            stock: line.view(),
            merged: merged,
            added: added.text,
            bill: bill
        )
        try await activity.record(
            .init(action: "shopping.bought", entity: "shopping", entityID: item.id, before: item.view, after: result),
            household: item.householdID,
            userID: member.userID,
            in: member.db
        )
        return result
    }
}

/// Free-text fields of list items and stock lines.
enum ShoppingNote {
    /// `note`, at most 200 characters.
    /// - Throws: `invalid_argument`.
    static func validated(_ note: String) throws -> String {
        guard note.count <= 200 else { throw WireError(.invalidArgument, "note is over 200 characters", field: "note") }
        return note
    }
}

/// Where a stock line is kept.
enum StockLocation {
    /// `location` trimmed, 1 to 50 characters.
    /// - Throws: `invalid_argument`.
    static func validated(_ location: String) throws -> String {
        let trimmed = location.trimmingCharacters(in: .whitespaces)
        guard (1...50).contains(trimmed.count) else {
            throw WireError(.invalidArgument, "location must be 1 to 50 characters", field: "location")
        }
        return trimmed
    }
}

extension ShoppingHandlers {
    func shoppingAdd(_ args: ShoppingAddOp.Args, _ context: SignedIn) async throws -> ShoppingAddOp.Result {
        let member = try await pantry.access.member(of: args.householdId, context)
        try await pantry.households.lock(member.household.id, in: member.db)
        let (item, merged) = try await pantry.addToList(
            try ItemName(args.name),
            try args.quantity.map { try Quantity($0, field: "quantity") } ?? .one,
            try StockUnit(args.unit),
            note: try args.note.map { try ShoppingNote.validated($0) },
            by: member
        )
        try await self.activity.record(
            .init(
                action: merged ? "shopping.merged" : "shopping.added",
                entity: "shopping",
                entityID: item.id,
                before: nil,
                after: item.view
            ),
            household: member.household.id,
            userID: member.userID,
            in: member.db
        )
        return item.view
    }

    func shoppingEdit(_ args: ShoppingEditOp.Args, _ context: SignedIn) async throws -> ShoppingEditOp.Result {
        let (old, member) = try await self.listedItem(args.itemId, context)
        var item = old
        item.name = try args.name.map { try ItemName($0) } ?? old.name
        item.quantity = try args.quantity.map { try Quantity($0, field: "quantity") } ?? old.quantity
        item.unit = try args.unit.map { try StockUnit($0) } ?? old.unit
        item.note = try args.note.map { $0.isEmpty ? nil : try ShoppingNote.validated($0) } ?? old.note
        item.version = try await self.shopping.update(item, from: args.version, in: member.db)
        try await self.activity.record(
            .init(
                action: "shopping.edited",
                entity: "shopping",
                entityID: item.id,
                before: old.view,
                after: item.view
            ),
            household: item.householdID,
            userID: member.userID,
            in: member.db
        )
        return item.view
    }

    func shoppingRemove(_ args: ShoppingRemoveOp.Args, _ context: SignedIn) async throws -> ShoppingRemoveOp.Result {
        let (item, member) = try await self.listedItem(args.itemId, context)
        try await self.shopping.delete(item, version: args.version ?? item.version, in: member.db)
        try await self.activity.record(
            .init(action: "shopping.removed", entity: "shopping", entityID: item.id, before: item.view, after: nil),
            household: item.householdID,
            userID: member.userID,
            in: member.db
        )
        return Done()
    }

    func shoppingList(_ args: ShoppingListOp.Args, _ context: SignedIn) async throws -> ShoppingListOp.Result {
        let member = try await pantry.access.member(of: args.householdId, context)
        return ShoppingListOp.Result(
            items: try await self.shopping.list(member.household.id, in: member.db).map(\.view)
        )
    }

    func shoppingBought(_ args: ShoppingBoughtOp.Args, _ context: SignedIn) async throws -> ShoppingBoughtOp.Result {
        try await self.buy(args, context)
    }
}

// MARK: - What the session check reads with the session (SessionTargets)

extension ShoppingAddOp.Args: InHousehold {}
