import Ordering
import OrdersAPI
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `menu` and the staff op `stock.set`.
    mutating func registerMenuOps(_ orders: Orders, _ scopes: OrdersScopes) {
        register(MenuOp.self, in: scopes.read, handler: orders.showMenu)
        register(StockSetOp.self, in: scopes.write, middleware: scopes.staff, handler: orders.setStock)
    }
}

extension Orders {
    /// `menu`: the menu with what is left of each item.
    func showMenu(_: NoArgs, _ context: TransactionContext) async throws -> MenuOp.Result {
        let remaining = try await stock.remaining(in: context.db)
        return OrdersViews(catalogue: menu.current).menu(remaining: remaining)
    }

    /// `stock.set`: how many of an item are left (`nil`: unlimited).
    func setStock(_ args: StockSetOp.Args, _ context: TransactionContext) async throws -> StockSetOp.Result {
        guard menu.current.item(id: args.itemId) != nil else {
            throw WireError(.notFound, "no item \(args.itemId) on the menu", field: "itemId")
        }
        if let remaining = args.remaining, remaining < 0 {
            throw WireError(.invalidArgument, "remaining must be 0 or more", field: "remaining")
        }
        try await stock.set(args.itemId, remaining: args.remaining, in: context.db)
        return StockSetOp.Result(itemId: args.itemId, remaining: args.remaining)
    }
}
