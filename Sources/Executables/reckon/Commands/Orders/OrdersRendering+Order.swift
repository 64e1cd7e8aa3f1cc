import OrdersAPI

extension OrdersRendering {
    /// A quote: the cart, each voucher's outcome, then the voucher discount and the total to pay.
    static func quote(_ quote: QuoteView) -> String {
        var out = [cart(quote.cart)]
        if !quote.vouchers.isEmpty { out += ["", vouchers(quote.vouchers)] }
        out += [
            "",
            fields([
                ("Voucher discount", quote.voucherDiscount), ("To pay", "\(quote.total) \(quote.cart.currency)"),
            ]),
        ]
        return out.joined(separator: "\n")
    }

    /// An order: id and status, lines, vouchers, totals, customer and status history.
    static func order(_ order: OrderView) -> String {
        let address = [
            order.customer.address.street, order.customer.address.city, order.customer.address.postalCode,
            order.customer.address.country,
        ].compactMap(\.self).joined(separator: ", ")
        var out = [
            "Order \(order.orderId)  \(order.status)",
            lines(items: order.items, specialItems: order.specialItems),
        ]
        if !order.vouchers.isEmpty { out += ["", vouchers(order.vouchers)] }
        out += [
            "",
            fields([
                ("Subtotal", order.subtotal), ("Discount", order.discount),
                ("Voucher discount", order.voucherDiscount), ("Total", "\(order.total) \(order.currency)"),
                (
                    "Customer",
                    ([order.customer.name, order.customer.phone] + [order.customer.email].compactMap(\.self))
                        .joined(separator: ", ")
                ),
                ("Address", address), ("Placed", order.placedAt),
            ]),
            "",
            "History",
            TextTable(headers: ["Status", "At"], rows: order.history.map { [$0.status, $0.at] }).render(),
        ]
        return out.joined(separator: "\n")
    }

    /// A page of orders as a table, then how to get the next page.
    static func orderList(_ page: OrderListOp.Result) -> String {
        let rows = page.orders.map { order in
            let count = (order.items + order.specialItems).map(\.quantity).reduce(0, +)
            return [order.orderId, order.placedAt, order.status, String(count), "\(order.total) \(order.currency)"]
        }
        var out = [
            page.orders.isEmpty
                ? "No orders."
                : TextTable(headers: ["Order", "Placed", "Status", "Units", "Total"], rows: rows).render()
        ]
        if let cursor = page.nextCursor { out.append("More: --cursor \(cursor)") }
        return out.joined(separator: "\n")
    }
}
