import Foundation
import Ordering
import Storage

/// The SQL for carts: rows in `orders_carts`, lines in `orders_cart_lines` (kind `item` or `bundle`).
struct CartStore: Sendable {
    /// How long a cart may sit untouched before it expires, in milliseconds.
    let idleMilliseconds: Int64

    /// A cart as stored.
    struct Cart: Sendable {
        let id: String
        let updatedAt: Int64
        let orderID: String?
        let lines: [CartLine]
    }

    func create(in db: any SQLExecutor) async throws -> Cart {
        let id = "cart_" + UUID().uuidString.lowercased()
        let now = WallClock.millisecondsSince1970()
        try await db.query("INSERT INTO orders_carts (id, created_at, updated_at) VALUES (\(id), \(now), \(now))")
        return Cart(id: id, updatedAt: now, orderID: nil, lines: [])
    }

    /// The cart with its lines, in one statement (a cart without lines comes back as one row of `NULL` line
    /// columns).
    /// - Throws: ``StoreError`` `notFound` for an unknown cart.
    func load(_ id: String, in db: any SQLExecutor) async throws -> Cart {
        try await read(id, withStock: false, in: db).cart
    }

    /// The cart with its lines and the units left of every stock-limited item (what ``StockStore/remaining(in:)``
    /// reads), in one statement: one round trip for what pricing a cart against its stock needs.
    /// - Throws: ``StoreError`` `notFound` for an unknown cart.
    func loadWithStock(_ id: String, in db: any SQLExecutor) async throws -> (cart: Cart, stockLeft: [String: Int]) {
        try await read(id, withStock: true, in: db)
    }

    /// The cart, which must still take changes, with its lines and the stock left: ``touch(_:in:)``, then
    /// ``loadWithStock(_:in:)``.
    /// - Throws: ``StoreError`` `notFound`, or `wrongState` for an ordered or expired cart.
    func openWithStock(_ id: String, in db: any SQLExecutor) async throws -> (cart: Cart, stockLeft: [String: Int]) {
        try await touch(id, in: db)
        return try await loadWithStock(id, in: db)
    }

    /// The cart's rows (`source` `cart`) and, with `withStock`, the stock's (`source` `stock`: the item in `ref`,
    /// the units left in `quantity`), joined by `UNION ALL`.
    private func read(
        _ id: String,
        withStock: Bool,
        in db: any SQLExecutor
    ) async throws -> (cart: Cart, stockLeft: [String: Int]) {
        let stock: SQL =
            withStock
            ? """
             UNION ALL SELECT 'stock' AS source, NULL, NULL, NULL, item_id, remaining, NULL
            FROM orders_stock WHERE remaining IS NOT NULL
            """ : ""
        let rows = try await db.query(
            """
            SELECT 'cart' AS source, c.updated_at, c.order_id, l.kind, l.ref, l.quantity, l.position
            FROM orders_carts c LEFT JOIN orders_cart_lines l ON l.cart_id = c.id
            WHERE c.id = \(id)\(stock) ORDER BY source, position
            """
        )
        var stockLeft: [String: Int] = [:]
        var cartRows: [SQLRow] = []
        for row in rows {
            if try row.text("source") == "stock" {
                stockLeft[try row.text("ref")] = Int(try row.int("quantity"))
            } else {
                cartRows.append(row)
            }
        }
        guard let first = cartRows.first else { throw StoreError.notFound("cart", id, field: "cartId") }
        let lines = try cartRows.compactMap { row -> CartLine? in
            guard let kind = try row.optionalText("kind") else { return nil }
            let quantity = Int(try row.int("quantity"))
            let ref = try row.text("ref")
            return kind == "bundle" ? .bundle(saleID: ref, quantity: quantity) : .item(id: ref, quantity: quantity)
        }
        let cart = Cart(
            id: id,
            updatedAt: try first.int("updated_at"),
            orderID: try first.optionalText("order_id"),
            lines: lines
        )
        return (cart, stockLeft)
    }

    /// Checks that the cart still takes changes (not ordered, not expired) and touches it, so its idle time starts
    /// again; on PostgreSQL the update also locks the row until the transaction ends. One statement when the cart
    /// is open; only a refused cart is read, to say why.
    /// - Throws: ``StoreError`` `notFound`, or `wrongState` for an ordered or expired cart.
    func touch(_ id: String, in db: any SQLExecutor) async throws {
        let now = WallClock.millisecondsSince1970()
        let touched = try await db.query(
            """
            UPDATE orders_carts SET updated_at = \(now)
            WHERE id = \(id) AND order_id IS NULL AND updated_at >= \(now - idleMilliseconds)
            RETURNING id
            """
        )
        guard touched.isEmpty else { return }
        if let orderID = try await load(id, in: db).orderID { throw Self.ordered(id, as: orderID) }
        throw Self.expired(id)
    }

    /// Whether a cart loaded earlier has expired by now.
    func isExpired(_ cart: Cart) -> Bool {
        cart.updatedAt < WallClock.millisecondsSince1970() - idleMilliseconds
    }

    /// The instant the cart expires, in milliseconds since 1970.
    func expiry(of cart: Cart) -> Int64 { cart.updatedAt + idleMilliseconds }

    /// Adds `quantity` to a line, creating it at the end; concurrent adds never lose one (the increment happens in
    /// the database, not in a read-modify-write here).
    func add(_ kind: LineKind, _ ref: String, quantity: Int, cart: String, in db: any SQLExecutor) async throws {
        try await db.query(
            """
            INSERT INTO orders_cart_lines (cart_id, kind, ref, quantity, position)
            VALUES (\(cart), \(kind.rawValue), \(ref), \(quantity),
                    (SELECT COALESCE(MAX(position), 0) + 1 FROM orders_cart_lines WHERE cart_id = \(cart)))
            ON CONFLICT (cart_id, kind, ref) DO UPDATE SET quantity = orders_cart_lines.quantity + excluded.quantity
            """
        )
    }

    /// Changes an existing line by `delta`; at zero the line goes.
    /// - Throws: ``StoreError`` `notFound` when the cart has no such line.
    func change(_ kind: LineKind, _ ref: String, by delta: Int, cart: String, in db: any SQLExecutor) async throws {
        let rows = try await db.query(
            """
            UPDATE orders_cart_lines SET quantity = quantity + \(delta)
            WHERE cart_id = \(cart) AND kind = \(kind.rawValue) AND ref = \(ref)
            RETURNING quantity
            """
        )
        guard let quantity = try rows.first?.int("quantity") else { throw Self.noLine(kind, ref) }
        if quantity <= 0 { try await remove(kind, ref, cart: cart, in: db) }
    }

    /// Removes a line.
    /// - Throws: ``StoreError`` `notFound` when the cart has no such line.
    func remove(_ kind: LineKind, _ ref: String, cart: String, in db: any SQLExecutor) async throws {
        let rows = try await db.query(
            """
            DELETE FROM orders_cart_lines WHERE cart_id = \(cart) AND kind = \(kind.rawValue) AND ref = \(ref)
            RETURNING ref
            """
        )
        if rows.isEmpty { throw Self.noLine(kind, ref) }
    }

    /// Marks the cart ordered and empties it.
    func markOrdered(_ cart: String, order: String, in db: any SQLExecutor) async throws {
        try await db.query("UPDATE orders_carts SET order_id = \(order) WHERE id = \(cart)")
        try await db.query("DELETE FROM orders_cart_lines WHERE cart_id = \(cart)")
    }

    /// Deletes carts idle for longer than twice the idle time (ordered ones keep their row while it points at an
    /// order); returns how many went.
    func purgeExpired(in db: any SQLExecutor) async throws -> Int {
        let cutoff = WallClock.millisecondsSince1970() - 2 * idleMilliseconds
        return try await db.query(
            "DELETE FROM orders_carts WHERE updated_at < \(cutoff) AND order_id IS NULL RETURNING id"
        ).count
    }

    /// The two kinds of line.
    enum LineKind: String, Sendable {
        case item, bundle
    }

    /// The answer for a cart that was ordered as `orderID` and takes no more changes.
    static func ordered(_ id: String, as orderID: String) -> StoreError {
        StoreError(.wrongState, "cart \(id) was already ordered as \(orderID)", field: "cartId")
    }

    /// The answer for a cart that sat idle too long and takes no more changes.
    static func expired(_ id: String) -> StoreError {
        StoreError(.wrongState, "cart \(id) expired after sitting idle", field: "cartId")
    }

    private static func noLine(_ kind: LineKind, _ ref: String) -> StoreError {
        kind == .item
            ? StoreError(.notFound, "the cart has no line for item \(ref)", field: "itemId")
            : StoreError(.notFound, "the cart has no line for sale \(ref)", field: "saleId")
    }
}
