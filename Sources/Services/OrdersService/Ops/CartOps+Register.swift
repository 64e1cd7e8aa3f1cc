import Ordering
import OrdersAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `cart.create`, `cart.get`, `cart.add`, `cart.increment`, `cart.decrement`, `cart.remove`, `cart.addSale`.
    mutating func registerCartOps(_ orders: Orders, _ scopes: OrdersScopes) {
        register(CartCreateOp.self, in: scopes.write, handler: orders.createCart)
        register(CartGetOp.self, in: scopes.read, handler: orders.showCart)
        register(CartAddOp.self, in: scopes.write, handler: orders.addItem)
        register(CartAddSaleOp.self, in: scopes.write, handler: orders.addSale)
        register(CartIncrementOp.self, in: scopes.write, handler: orders.incrementLine)
        register(CartDecrementOp.self, in: scopes.write, handler: orders.decrementLine)
        register(CartRemoveOp.self, in: scopes.write, handler: orders.removeLine)
    }
}

extension Orders {
    func createCart(_: NoArgs, _ context: TransactionContext) async throws -> CartView {
        let cart = try await carts.create(in: context.db)
        return try await view(of: cart.id, checkingStock: false, in: context.db)
    }

    func showCart(_ args: CartArgs, _ context: TransactionContext) async throws -> CartView {
        _ = try await carts.load(args.cartId, in: context.db)
        return try await view(of: args.cartId, checkingStock: false, in: context.db)
    }

    func addItem(_ args: CartItemArgs, _ context: TransactionContext) async throws -> CartView {
        let count = try quantity(args.quantity)
        return try await change(args.cartId, context, checkingStock: true) { db in
            try await carts.add(.item, args.itemId, quantity: count, cart: args.cartId, in: db)
        }
    }

    func addSale(_ args: CartSaleArgs, _ context: TransactionContext) async throws -> CartView {
        let count = try quantity(args.quantity)
        return try await change(args.cartId, context, checkingStock: true) { db in
            try await carts.add(.bundle, args.saleId, quantity: count, cart: args.cartId, in: db)
        }
    }

    func incrementLine(_ args: CartLineArgs, _ context: TransactionContext) async throws -> CartView {
        let (kind, ref) = try line(args)
        return try await change(args.cartId, context, checkingStock: true) { db in
            try await carts.change(kind, ref, by: 1, cart: args.cartId, in: db)
        }
    }

    func decrementLine(_ args: CartLineArgs, _ context: TransactionContext) async throws -> CartView {
        let (kind, ref) = try line(args)
        return try await change(args.cartId, context, checkingStock: false) { db in
            try await carts.change(kind, ref, by: -1, cart: args.cartId, in: db)
        }
    }

    func removeLine(_ args: CartLineArgs, _ context: TransactionContext) async throws -> CartView {
        let (kind, ref) = try line(args)
        return try await change(args.cartId, context, checkingStock: false) { db in
            try await carts.remove(kind, ref, cart: args.cartId, in: db)
        }
    }

    /// Opens the cart for a change, makes it, and answers the cart priced (a change that leaves the cart
    /// unpriceable, such as more than the stock, throws and is rolled back).
    private func change(
        _ cartID: String,
        _ context: TransactionContext,
        checkingStock: Bool,
        _ body: (any SQLExecutor) async throws -> Void
    ) async throws -> CartView {
        try await carts.touch(cartID, in: context.db)
        try await body(context.db)
        return try await view(of: cartID, checkingStock: checkingStock, in: context.db)
    }
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
