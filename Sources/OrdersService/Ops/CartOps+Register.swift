import Ordering
import OrdersAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `cart.create`, `cart.get`, `cart.add`, `cart.increment`, `cart.decrement`, `cart.remove`, `cart.addSale`.
    mutating func registerCartOps(_ orders: Orders, _ chains: Chains) {
        register(CartCreateOp.self, middleware: chains.write) { _, context in
            let db = try context.database()
            let cart = try await orders.carts.create(in: db)
            return try await orders.view(of: cart.id, checkingStock: false, in: db)
        }
        register(CartGetOp.self, middleware: chains.read) { args, context in
            let db = try context.database()
            _ = try await orders.carts.load(args.cartId, in: db)
            return try await orders.view(of: args.cartId, checkingStock: false, in: db)
        }
        register(CartAddOp.self, middleware: chains.write) { args, context in
            let count = try quantity(args.quantity)
            return try await change(orders, args.cartId, context, checkingStock: true) { db in
                try await orders.carts.add(.item, args.itemId, quantity: count, cart: args.cartId, in: db)
            }
        }
        register(CartAddSaleOp.self, middleware: chains.write) { args, context in
            let count = try quantity(args.quantity)
            return try await change(orders, args.cartId, context, checkingStock: true) { db in
                try await orders.carts.add(.bundle, args.saleId, quantity: count, cart: args.cartId, in: db)
            }
        }
        register(CartIncrementOp.self, middleware: chains.write) { args, context in
            let (kind, ref) = try line(args)
            return try await change(orders, args.cartId, context, checkingStock: true) { db in
                try await orders.carts.change(kind, ref, by: 1, cart: args.cartId, in: db)
            }
        }
        register(CartDecrementOp.self, middleware: chains.write) { args, context in
            let (kind, ref) = try line(args)
            return try await change(orders, args.cartId, context, checkingStock: false) { db in
                try await orders.carts.change(kind, ref, by: -1, cart: args.cartId, in: db)
            }
        }
        register(CartRemoveOp.self, middleware: chains.write) { args, context in
            let (kind, ref) = try line(args)
            return try await change(orders, args.cartId, context, checkingStock: false) { db in
                try await orders.carts.remove(kind, ref, cart: args.cartId, in: db)
            }
        }
    }
}

/// Opens the cart for a change, makes it, and answers the cart priced (a change that leaves the cart unpriceable,
/// such as more than the stock, throws and is rolled back).
private func change(
    _ orders: Orders,
    _ cartID: String,
    _ context: OpContext,
    checkingStock: Bool,
    _ body: (any SQLExecutor) async throws -> Void
) async throws -> CartView {
    let db = try context.database()
    try await orders.carts.touch(cartID, in: db)
    try await body(db)
    return try await orders.view(of: cartID, checkingStock: checkingStock, in: db)
}

/// The line an increment, decrement or remove names: exactly one of `itemId` and `saleId`.
private func line(_ args: CartLineArgs) throws -> (CartStore.LineKind, String) {
    switch (args.itemId, args.saleId) {
    case (let item?, nil): return (.item, item)
    case (nil, let sale?): return (.bundle, sale)
    default: throw WireError(.invalidArgument, "give exactly one of itemId and saleId", field: "itemId")
    }
}

/// How many `cart.add` or `cart.addSale` adds: 1 when absent.
private func quantity(_ given: Int?) throws -> Int {
    let quantity = given ?? 1
    guard (1...CartLine.maximumQuantity).contains(quantity) else {
        throw WireError(
            .invalidArgument,
            "quantity must be between 1 and \(CartLine.maximumQuantity)",
            field: "quantity"
        )
    }
    return quantity
}
