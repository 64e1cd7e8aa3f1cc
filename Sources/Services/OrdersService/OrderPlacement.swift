import CheckoutForm
import Foundation
import Ordering
import OrdersAPI
import Storage
import Wire

/// Places an order in one batched write, and moves it through its statuses.
struct OrderPlacement: Sendable {
    let orders: Orders
    /// Where each placement and move writes its event (`order.placed`, `order.status`), in the same write.
    let events: OrderEvents

    /// Validates the form, prices the cart again, then consumes vouchers and stock, writes the order and its lines and
    /// empties the cart, all in one write after the reads (on PostgreSQL: the key, the cart with the stock, the
    /// vouchers' uses if any, then one write statement). A cart that was already ordered (a second client completing
    /// it at the same time) answers that order. A write that finds the cart, the stock or a voucher's uses changed
    /// since its reads writes nothing and the placement runs again (``Storage/StorageError/Code/lostRace``): its new
    /// reads decide the answer.
    /// - Throws: `invalid_argument` with every form problem; `failed_precondition` for an empty or expired cart,
    ///   refused vouchers (one detail each) or stock that ran out (one detail per line).
    func place(_ args: OrderPlaceOp.Args, in db: any SQLExecutor) async throws -> OrderView {
        let (cart, stockLeft) = try await orders.carts.readForChange(args.cartId, withStock: true, in: db)
        if let existing = cart.orderID { return try await orders.orders.load(existing, in: db) }
        if orders.carts.isExpired(cart) { throw CartStore.expired(cart.id) }
        let checked = orders.validator.validate(args.form.input, defaultRegion: orders.region)
        guard let details = checked.details else {
            throw WireError(
                .invalidArgument,
                "the checkout form has \(checked.problems.count) problem(s)",
                field: checked.problems.first.map { "form." + $0.field.rawValue },
                details: checked.problems.map {
                    .init(
                        field: "form." + $0.field.rawValue,
                        code: .init(rawValue: $0.code.rawValue),
                        message: $0.message
                    )
                }
            )
        }
        guard !cart.lines.isEmpty else {
            throw WireError(.failedPrecondition, "cart \(cart.id) is empty", field: "cartId")
        }
        let catalogue = orders.menu.current
        let priced = try orders.price(cart, catalogue, stockLeft: stockLeft)
        let codes = args.form.voucherCodes
        let usage = try await orders.uses.usage(of: codes, customer: details.customerKey, in: db)
        let quote = VoucherEngine(catalogue: catalogue).apply(codes: codes, to: priced, now: Date()) {
            usage[$0] ?? .none
        }
        let refused = VoucherFields.errors(quote, form: args.form, cartKnown: true)
        guard refused.isEmpty else {
            throw WireError(
                .failedPrecondition,
                "a voucher cannot be used: " + refused.map(\.message).joined(separator: "; "),
                field: refused[0].field,
                details: refused.map { .init(field: $0.field, code: .init(rawValue: $0.code), message: $0.message) }
            )
        }
        let views = OrdersViews(catalogue: catalogue)
        let placedAt = WallClock.millisecondsSince1970()
        var order = OrderView(
            orderId: "ord_" + UUID.random().uuidString.lowercased(),
            status: OrderStore.Status.placed.rawValue,
            currency: catalogue.restaurant.currency,
            items: priced.items.map(views.line),
            specialItems: priced.specialItems.map(views.line),
            subtotal: views.money(priced.subtotal),
            discount: views.money(priced.discount),
            vouchers: quote.vouchers.map(views.voucher),
            voucherDiscount: views.money(quote.voucherDiscount),
            total: views.money(quote.total),
            customer: .init(
                name: details.name,
                phone: details.phone,
                email: details.email,
                address: .init(
                    street: details.address.street,
                    city: details.address.city,
                    postalCode: details.address.postalCode,
                    country: details.address.country
                )
            ),
            placedAt: WallClock.iso8601(millisecondsSince1970: placedAt),
            history: []
        )
        let units = Self.units(priced, catalogue)
        let used = quote.vouchers.filter(\.applied).compactMap { catalogue.voucher(code: $0.code) }
        var steps = units.enumerated().compactMap { index, unit in
            // Items without a count are unlimited.
            stockLeft[unit.itemID] == nil
                ? nil : orders.stock.takeStep(unit.itemID, quantity: unit.quantity, name: "stock_\(index)")
        }
        for (index, voucher) in used.enumerated() {
            steps += orders.uses.useSteps(voucher, customer: details.customerKey, name: "voucher_\(index)")
        }
        steps += try orders.orders.insertSteps(
            order,
            cartID: cart.id,
            customerKey: details.customerKey.rawValue,
            placedAt: placedAt,
            took: units,
            vouchers: used.map(\.code)
        )
        steps += orders.carts.orderedSteps(cart, order: order.orderId)
        order.history = [.init(status: order.status, at: order.placedAt)]
        steps += try events.steps("order.placed", order: order, previous: nil, engine: db.engine)
        try await db.write(steps)
        events.announce(after: db)
        return order
    }

    /// Moves an order on, writing its `order.status` event; a move to `cancelled` gives its stock and voucher uses back.
    /// - Throws: `conflict` when the order's status changed meanwhile.
    func move(_ id: String, from: OrderStore.Status, to: OrderStore.Status, in db: any SQLExecutor) async throws {
        guard try await orders.orders.move(id, from: from, to: to, in: db) else {
            throw WireError(.conflict, "order \(id) changed status meanwhile; read it again", field: "orderId")
        }
        if to == .cancelled {
            for row in try await db.query("SELECT item_id, quantity FROM orders_order_stock WHERE order_id = \(id)") {
                try await orders.stock.giveBack(try row.text("item_id"), quantity: Int(try row.int("quantity")), in: db)
            }
            let customer = try await orders.orders.customerKey(of: id, in: db)
            for row in try await db.query("SELECT code FROM orders_order_vouchers WHERE order_id = \(id)") {
                try await orders.uses.giveBack(try row.text("code"), customer: customer, in: db)
            }
        }
        // The event last: the counter row, which every order change locks, is held for the shortest time.
        let moved = try await orders.orders.load(id, in: db)
        try await db.write(try events.steps("order.status", order: moved, previous: from.rawValue, engine: db.engine))
        events.announce(after: db)
    }

    /// Units of each item the cart takes, bundles opened up, in a stable order.
    private static func units(_ priced: PricedCart, _ catalogue: Catalogue) -> [(itemID: String, quantity: Int)] {
        var units: [String: Int] = [:]
        for line in priced.items { units[line.id, default: 0] += line.quantity }
        for line in priced.specialItems {
            for part in catalogue.sale(id: line.id)?.bundle?.items ?? [] {
                units[part.itemID, default: 0] += part.quantity * line.quantity
            }
        }
        return units.sorted { $0.key < $1.key }.map { (itemID: $0.key, quantity: $0.value) }
    }
}
