import Ordering
import OrdersAPI
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `menu` and the staff op `stock.set`.
    mutating func registerMenuOps(_ orders: Orders, _ chains: Chains) {
        register(MenuOp.self, middleware: chains.read) { _, context in
            let remaining = try await orders.stock.remaining(in: try context.database())
            return OrdersViews(catalogue: orders.menu.current).menu(remaining: remaining)
        }
        register(StockSetOp.self, middleware: chains.staffWrite) { args, context in
            guard orders.menu.current.item(id: args.itemId) != nil else {
                throw WireError(.notFound, "no item \(args.itemId) on the menu", field: "itemId")
            }
            if let remaining = args.remaining, remaining < 0 {
                throw WireError(.invalidArgument, "remaining must be 0 or more", field: "remaining")
            }
            try await orders.stock.set(args.itemId, remaining: args.remaining, in: try context.database())
            return StockSetOp.Result(itemId: args.itemId, remaining: args.remaining)
        }
    }
}
