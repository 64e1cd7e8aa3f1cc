import Foundation
import Ordering
import Storage
import Wire

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

    /// A new, empty cart, written by one step.
    func create() -> (cart: Cart, step: WriteStep) {
        let id = "cart_" + UUID.random().uuidString.lowercased()
        let now = WallClock.millisecondsSince1970()
        let step = WriteStep(
            "cart",
            "INSERT INTO orders_carts (id, created_at, updated_at) VALUES (\(id), \(now), \(now))"
        )
        return (Cart(id: id, updatedAt: now, orderID: nil, lines: []), step)
    }

    /// The cart with its lines, in one statement (a cart without lines comes back as one row of `NULL` line
    /// columns).
    /// - Throws: ``StoreError`` `notFound` for an unknown cart.
    func load(_ id: String, in db: any SQLExecutor) async throws -> Cart {
        try await read(id, withStock: false, in: db).cart
    }

    /// The cart as a change or an order reads it: with its lines and, with `withStock`, the stock left. In a
    /// transaction that locks what it reads (a batched write run again after losing a race), the cart's row is locked
    /// first, so racing changes of one cart take turns.
    /// - Throws: ``StoreError`` `notFound`.
    func readForChange(
        _ id: String,
        withStock: Bool,
        in db: any SQLExecutor
    ) async throws -> (cart: Cart, stockLeft: [String: Int]) {
        if db.lockingRead != "" {
            try await db.query("SELECT id FROM orders_carts WHERE id = \(id)" + db.lockingRead)
        }
        return try await read(id, withStock: withStock, in: db)
    }

    /// The cart, which must still take changes, as ``readForChange(_:withStock:in:)`` reads it.
    /// - Throws: ``StoreError`` `notFound`, or `wrongState` for an ordered or expired cart.
    func openForChange(
        _ id: String,
        withStock: Bool,
        in db: any SQLExecutor
    ) async throws -> (cart: Cart, stockLeft: [String: Int]) {
        let (cart, stockLeft) = try await readForChange(id, withStock: withStock, in: db)
        if let orderID = cart.orderID { throw Self.ordered(id, as: orderID) }
        if isExpired(cart) { throw Self.expired(id) }
        return (cart, stockLeft)
    }

    /// The step that touches `cart` as it was read, so its idle time starts again, and when it was touched: the
    /// later of now and a millisecond after the read's, so that every change moves it. With `order`, the cart is
    /// marked ordered as that order too. The step is also the write's version check: it finds no row, and fails the
    /// write with ``Storage/StorageError/Code/lostRace``, when the cart was changed, ordered or purged since it was
    /// read.
    func touchStep(_ cart: Cart, ordering order: String? = nil) -> (step: WriteStep, updatedAt: Int64) {
        let touched = max(WallClock.millisecondsSince1970(), cart.updatedAt + 1)
        let ordering: SQL = order.map { ", order_id = \($0)" } ?? ""
        let step = WriteStep(
            "cart",
            "UPDATE orders_carts SET updated_at = \(touched)" + ordering
                + """
                 WHERE id = \(cart.id) AND order_id IS NULL AND updated_at = \(cart.updatedAt)
                RETURNING id
                """,
            unlessRow: StorageError(.lostRace, "cart \(cart.id) changed since it was read")
        )
        return (step, touched)
    }

    /// The steps that mark `cart`, as it was read, ordered as `order` and empty it (``touchStep(_:ordering:)``'s
    /// version check included).
    func orderedSteps(_ cart: Cart, order: String) -> [WriteStep] {
        [
            touchStep(cart, ordering: order).step,
            WriteStep("cart_lines", "DELETE FROM orders_cart_lines WHERE cart_id = \(cart.id)"),
        ]
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

    /// Whether a cart loaded earlier has expired by now.
    func isExpired(_ cart: Cart) -> Bool {
        cart.updatedAt < WallClock.millisecondsSince1970() - idleMilliseconds
    }

    /// The instant the cart expires, in milliseconds since 1970.
    func expiry(of cart: Cart) -> Int64 { cart.updatedAt + idleMilliseconds }

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

    /// The answer for a change of a line the cart does not have.
    static func noLine(_ kind: LineKind, _ ref: String) -> StoreError {
        kind == .item
            ? StoreError(.notFound, "the cart has no line for item \(ref)", field: "itemId")
            : StoreError(.notFound, "the cart has no line for sale \(ref)", field: "saleId")
    }
}
