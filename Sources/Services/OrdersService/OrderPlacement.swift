import CheckoutForm
import Foundation
import Ordering
import OrdersAPI
import Storage
import Wire

/// Places an order in one transaction, and moves it through its statuses.
struct OrderPlacement: Sendable {
    let orders: Orders

    /// Validates the form, prices the cart again, consumes vouchers and stock, writes the order and its lines and
    /// empties the cart. A cart that was already ordered (a second client completing it at the same time) answers
    /// that order.
    /// - Throws: `invalid_argument` with every form problem; `failed_precondition` for an empty or expired cart,
    ///   refused vouchers (one detail each) or stock that ran out (one detail per line).
    func place(_ args: OrderPlaceOp.Args, in db: any SQLExecutor) async throws -> OrderView {
        if let existing = try await existingOrder(for: args.cartId, in: db) { return existing }
        let (cart, stockLeft): (CartStore.Cart, [String: Int])
        do {
            (cart, stockLeft) = try await orders.carts.openWithStock(args.cartId, in: db)
        } catch let error as StoreError where error.code == .wrongState {
            if let existing = try await existingOrder(for: args.cartId, in: db) { return existing }
            throw error
        }
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
        let orderID = "ord_" + UUID().uuidString.lowercased()
        try await consume(priced, vouchers: quote, customer: details.customerKey, catalogue, in: db)
        let views = OrdersViews(catalogue: catalogue)
        let placedAt = WallClock.millisecondsSince1970()
        let order = OrderView(
            orderId: orderID,
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
        try await orders.orders.insert(
            order,
            cartID: cart.id,
            customerKey: details.customerKey.rawValue,
            placedAt: placedAt,
            in: db
        )
        try await record(orderID, priced: priced, vouchers: quote, catalogue, in: db)
        try await orders.carts.markOrdered(cart.id, order: orderID, in: db)
        return try await orders.orders.load(orderID, in: db)
    }

    /// Moves an order on; a move to `cancelled` gives its stock and voucher uses back.
    /// - Throws: `conflict` when the order's status changed meanwhile.
    func move(_ id: String, from: OrderStore.Status, to: OrderStore.Status, in db: any SQLExecutor) async throws {
        guard try await orders.orders.move(id, from: from, to: to, in: db) else {
            throw WireError(.conflict, "order \(id) changed status meanwhile; read it again", field: "orderId")
        }
        guard to == .cancelled else { return }
        for row in try await db.query("SELECT item_id, quantity FROM orders_order_stock WHERE order_id = \(id)") {
            try await orders.stock.giveBack(try row.text("item_id"), quantity: Int(try row.int("quantity")), in: db)
        }
        let customer = try await orders.orders.customerKey(of: id, in: db)
        for row in try await db.query("SELECT code FROM orders_order_vouchers WHERE order_id = \(id)") {
            try await orders.uses.giveBack(try row.text("code"), customer: customer, in: db)
        }
    }

    private func existingOrder(for cartID: String, in db: any SQLExecutor) async throws -> OrderView? {
        guard let id = try await orders.orders.orderID(forCart: cartID, in: db) else { return nil }
        return try await orders.orders.load(id, in: db)
    }

    /// Takes the stock and the voucher uses, each with one conditional statement, so racing orders cannot both
    /// take the last unit or use.
    private func consume(
        _ priced: PricedCart,
        vouchers quote: Quote,
        customer: CustomerKey,
        _ catalogue: Catalogue,
        in db: any SQLExecutor
    ) async throws {
        var shortages: [WireError.Detail] = []
        for (itemID, quantity) in Self.units(priced, catalogue)
        where !(try await orders.stock.take(itemID, quantity: quantity, in: db)) {
            shortages.append(
                .init(field: itemID, code: .init(rawValue: "insufficient_stock"), message: "not enough \(itemID) left")
            )
        }
        guard shortages.isEmpty else {
            throw WireError(.failedPrecondition, "some items ran out", field: "cartId", details: shortages)
        }
        for outcome in quote.vouchers where outcome.applied {
            guard let voucher = catalogue.voucher(code: outcome.code),
                try await orders.uses.use(voucher, customer: customer, in: db)
            else {
                throw WireError(
                    .failedPrecondition,
                    "voucher \(outcome.code) reached its usage limit",
                    field: "form.vouchers",
                    details: [
                        .init(field: outcome.code, code: .init(rawValue: "usage_limit_reached"), message: "used up")
                    ]
                )
            }
        }
    }

    /// Remembers what the order took, so a cancellation gives back exactly that.
    private func record(
        _ orderID: String,
        priced: PricedCart,
        vouchers quote: Quote,
        _ catalogue: Catalogue,
        in db: any SQLExecutor
    ) async throws {
        for (itemID, quantity) in Self.units(priced, catalogue) {
            try await db.query(
                "INSERT INTO orders_order_stock (order_id, item_id, quantity) VALUES (\(orderID), \(itemID), \(quantity))"
            )
        }
        for outcome in quote.vouchers where outcome.applied {
            try await db.query(
                "INSERT INTO orders_order_vouchers (order_id, code) VALUES (\(orderID), \(outcome.code))"
            )
        }
    }

    /// Units of each item the cart takes, bundles opened up, in a stable order.
    private static func units(_ priced: PricedCart, _ catalogue: Catalogue) -> [(String, Int)] {
        var units: [String: Int] = [:]
        for line in priced.items { units[line.id, default: 0] += line.quantity }
        for line in priced.specialItems {
            for part in catalogue.sale(id: line.id)?.bundle?.items ?? [] {
                units[part.itemID, default: 0] += part.quantity * line.quantity
            }
        }
        return units.sorted { $0.key < $1.key }
    }
}
