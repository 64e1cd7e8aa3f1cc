import Ordering
import OrdersAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `cart.create`, `cart.get`, `cart.add`, `cart.increment`, `cart.decrement`, `cart.remove`, `cart.addSale`.
    mutating func registerCartOps(_ orders: Orders, _ scopes: OrdersScopes) {
        register(CartCreateOp.self, in: scopes.batchedWrite, handler: orders.createCart)
        register(CartGetOp.self, in: scopes.read, handler: orders.showCart)
        register(CartAddOp.self, in: scopes.batchedWrite, handler: orders.addItem)
        register(CartAddSaleOp.self, in: scopes.batchedWrite, handler: orders.addSale)
        register(CartIncrementOp.self, in: scopes.batchedWrite, handler: orders.incrementLine)
        register(CartDecrementOp.self, in: scopes.batchedWrite, handler: orders.decrementLine)
        register(CartRemoveOp.self, in: scopes.batchedWrite, handler: orders.removeLine)
    }
}

extension Orders {
    func createCart(_: NoArgs, _ context: TransactionContext) async throws -> CartView {
        let (cart, step) = carts.create()
        try await context.db.write([step])
        return try view(of: cart, stockLeft: nil)
    }

    func showCart(_ args: CartArgs, _ context: TransactionContext) async throws -> CartView {
        try view(of: try await carts.load(args.cartId, in: context.db), stockLeft: nil)
    }

    func addItem(_ args: CartItemArgs, _ context: TransactionContext) async throws -> CartView {
        try await change(
            args.cartId,
            context,
            checkingStock: true,
            .add(.item, args.itemId, quantity: try quantity(args.quantity))
        )
    }

    func addSale(_ args: CartSaleArgs, _ context: TransactionContext) async throws -> CartView {
        try await change(
            args.cartId,
            context,
            checkingStock: true,
            .add(.bundle, args.saleId, quantity: try quantity(args.quantity))
        )
    }

    func incrementLine(_ args: CartLineArgs, _ context: TransactionContext) async throws -> CartView {
        let (kind, ref) = try line(args)
        return try await change(args.cartId, context, checkingStock: true, .change(kind, ref, by: 1))
    }

    func decrementLine(_ args: CartLineArgs, _ context: TransactionContext) async throws -> CartView {
        let (kind, ref) = try line(args)
        return try await change(args.cartId, context, checkingStock: false, .change(kind, ref, by: -1))
    }

    func removeLine(_ args: CartLineArgs, _ context: TransactionContext) async throws -> CartView {
        let (kind, ref) = try line(args)
        return try await change(args.cartId, context, checkingStock: false, .remove(kind, ref))
    }

    /// Reads the cart (with the stock when `checkingStock`), works out `edit` and prices the cart it leaves, then
    /// writes the edit with the cart's touch (its version check) in one write: a change that leaves the cart
    /// unpriceable, such as more than the stock, is refused before anything is written. On PostgreSQL that is two
    /// statements, a read and a write.
    private func change(
        _ cartID: String,
        _ context: TransactionContext,
        checkingStock: Bool,
        _ edit: CartEdit
    ) async throws -> CartView {
        let (cart, stockLeft) = try await carts.openForChange(cartID, withStock: checkingStock, in: context.db)
        let (touch, updatedAt) = carts.touchStep(cart)
        let changed = CartStore.Cart(
            id: cart.id,
            updatedAt: updatedAt,
            orderID: nil,
            lines: try edit.applied(to: cart.lines)
        )
        let reply = try view(of: changed, stockLeft: checkingStock ? stockLeft : nil)
        try await context.db.write([touch, edit.step(cart: cart.id, lines: cart.lines)])
        return reply
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
