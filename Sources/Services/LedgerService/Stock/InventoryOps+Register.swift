import Dates
import Foundation
import Ledger
import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `inventory.add`, `inventory.edit`, `inventory.consume`, `inventory.remove`, `inventory.list`.
    mutating func registerInventoryOps(_ handlers: InventoryHandlers, _ scopes: LedgerScopes) {
        register(InventoryAddOp.self, in: scopes.write, handler: handlers.inventoryAdd)
        register(InventoryEditOp.self, in: scopes.write, handler: handlers.inventoryEdit)
        register(InventoryConsumeOp.self, in: scopes.write, handler: handlers.inventoryConsume)
        register(InventoryRemoveOp.self, in: scopes.write, handler: handlers.inventoryRemove)
        register(InventoryListOp.self, in: scopes.read, handler: handlers.inventoryList)
    }
}

/// The stock's ops: with the ``Pantry`` it shares with the shopping list and the settings (today's date), and
/// nothing else.
struct InventoryHandlers: Sendable {
    let pantry: Pantry
    let configuration: LedgerService.Configuration

    private var inventory: InventoryStore { pantry.inventory }
    private var activity: ActivityLog { pantry.activity }

    /// A stock line, read again under its household's stock lock, and the caller as a member there.
    /// - Throws: `not_found` when there is no such line or the caller is not a member of its household.
    func stockLine(_ id: String, _ context: SignedIn) async throws -> (StockLine, HouseholdMember) {
        try await pantry.lockedEntry({ try await inventory.find(id, in: $0) }, context)
    }

    /// Logs a change to a stock line and, when it ran out with restock on, puts it back on the list.
    func recordStockChange(
        _ action: String,
        _ old: StockLine,
        _ line: StockLine,
        by member: HouseholdMember
    ) async throws -> StockChange {
        try await activity.record(
            .init(action: action, entity: "stock", entityID: line.id, before: old.view(), after: line.view()),
            household: line.householdID,
            userID: member.userID,
            in: member.db
        )
        let restocked = old.quantity.isZero ? nil : try await pantry.restockIfOut(line, by: member)
        return StockChange(stock: line.view(), restocked: restocked?.view)
    }

    func inventoryAdd(_ args: InventoryAddOp.Args, _ context: SignedIn) async throws -> InventoryAddOp.Result {
        try await stockUp(args, allowsZero: false, context)
    }

    /// Adds `args` to the stock as `inventory.add` does, with its activity entry; a restored export's used-up line
    /// comes with `allowsZero`.
    func stockUp(
        _ args: InventoryAddOp.Args,
        allowsZero: Bool,
        _ context: SignedIn
    ) async throws -> InventoryAddOp.Result {
        let member = try await pantry.access.member(of: args.householdId, context)
        try await pantry.households.lock(member.household.id, in: member.db)
        let (line, merged, added) = try await pantry.stockUp(
            Pantry.Purchase(
                name: try ItemName(args.name),
                quantity: try Quantity(args.quantity, field: "quantity", allowsZero: allowsZero),
                unit: try StockUnit(args.unit),
                location: try args.location.map { try StockLocation.validated($0) },
                bestBefore: try args.bestBefore.map { try DateCheck.validated($0, field: "bestBefore") },
                restock: args.restock,
                restockQuantity: try args.restockQuantity.map { try Quantity($0, field: "restockQuantity") }
            ),
            by: member
        )
        try await self.activity.record(
            .init(
                action: merged ? "stock.merged" : "stock.added",
                entity: "stock",
                entityID: line.id,
                before: nil,
                after: line.view()
            ),
            household: line.householdID,
            userID: member.userID,
            in: member.db
        )
        return InventoryAddOp.Result(stock: line.view(), merged: merged, added: added.text)
    }

    func inventoryEdit(_ args: InventoryEditOp.Args, _ context: SignedIn) async throws -> InventoryEditOp.Result {
        let (old, member) = try await self.stockLine(args.itemId, context)
        var line = old
        line.name = try args.name.map { try ItemName($0) } ?? old.name
        line.quantity =
            try args.quantity.map { try Quantity($0, field: "quantity", allowsZero: true) } ?? old.quantity
        line.unit = try args.unit.map { try StockUnit($0) } ?? old.unit
        line.location = try args.location.map { $0.isEmpty ? nil : try StockLocation.validated($0) } ?? old.location
        line.bestBefore =
            try args.bestBefore.map { $0.isEmpty ? nil : try DateCheck.validated($0, field: "bestBefore") }
            ?? old.bestBefore
        line.restock = args.restock ?? old.restock
        line.restockQuantity =
            try args.restockQuantity.map { try Quantity($0, field: "restockQuantity") } ?? old.restockQuantity
        line.version = try await self.inventory.update(line, from: args.version, in: member.db)
        return try await self.recordStockChange("stock.edited", old, line, by: member)
    }

    func inventoryConsume(
        _ args: InventoryConsumeOp.Args,
        _ context: SignedIn
    ) async throws -> InventoryConsumeOp.Result {
        let (old, member) = try await self.stockLine(args.itemId, context)
        if let version = args.version, version != old.version {
            throw WireError(.conflict, "stock line \(old.id) changed since version \(version)", field: "version")
        }
        let unit = try args.unit.map { try StockUnit($0) } ?? old.unit
        guard let taken = unit.convert(try Quantity(args.quantity, field: "quantity"), to: old.unit) else {
            throw WireError(
                .invalidArgument,
                "\(unit.symbol) does not convert to this line's \(old.unit.symbol)",
                field: "unit"
            )
        }
        guard taken <= old.quantity else {
            throw WireError(
                .failedPrecondition,
                "only \(old.quantity.text) \(old.unit.symbol) of \(old.name.text) left",
                field: "quantity"
            )
        }
        var line = old
        line.quantity = old.quantity - taken
        line.version = try await self.inventory.update(line, from: old.version, in: member.db)
        return try await self.recordStockChange("stock.consumed", old, line, by: member)
    }

    func inventoryRemove(_ args: InventoryRemoveOp.Args, _ context: SignedIn) async throws -> InventoryRemoveOp.Result {
        let (line, member) = try await self.stockLine(args.itemId, context)
        try await self.inventory.delete(line, version: args.version ?? line.version, in: member.db)
        try await self.activity.record(
            .init(action: "stock.removed", entity: "stock", entityID: line.id, before: line.view(), after: nil),
            household: line.householdID,
            userID: member.userID,
            in: member.db
        )
        return Done()
    }

    func inventoryList(_ args: InventoryListOp.Args, _ context: SignedIn) async throws -> InventoryListOp.Result {
        let member = try await pantry.access.member(of: args.householdId, context)
        let today = try configuration.today(in: args.timeZone)
        let dueBy = try args.expiringWithinDays.map { days in
            guard (0...3660).contains(days) else {
                throw WireError(
                    .invalidArgument,
                    "expiringWithinDays must be 0 to 3660",
                    field: "expiringWithinDays"
                )
            }
            return today.adding(days: days).iso
        }
        let lines = try await self.inventory.list(
            member.household.id,
            location: try args.location.map { try StockLocation.validated($0) },
            dueBy: dueBy,
            in: member.db
        )
        return InventoryListOp.Result(
            lines: lines.map { line in
                line.view(daysLeft: line.bestBefore.flatMap(CivilDate.init(iso:)).map { today.days(to: $0) })
            },
            today: today.iso
        )
    }
}

// MARK: - What the session check reads with the session (SessionTargets)

extension InventoryAddOp.Args: InHousehold {}
extension InventoryListOp.Args: InHousehold {}
