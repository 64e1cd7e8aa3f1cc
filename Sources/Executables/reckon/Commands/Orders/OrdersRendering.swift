import OrdersAPI

/// Turns `orders` replies into text for a terminal; the line tables and totals are shared by carts, quotes and
/// orders.
enum OrdersRendering {
    /// Item lines, then bundle lines apart, each as a table under its heading (omitted when empty).
    static func lines(items: [LineView], specialItems: [LineView]) -> String {
        var out = ["Items", items.isEmpty ? "(none)" : lineTable(items)]
        if !specialItems.isEmpty { out += ["", "Special items (bundles)", lineTable(specialItems)] }
        return out.joined(separator: "\n")
    }

    /// Lines as a table: id, name, kind, quantity, prices and amounts.
    static func lineTable(_ lines: [LineView]) -> String {
        let rows = lines.map { line in
            [
                line.id, line.name, line.kind, String(line.quantity), line.listPrice, line.unitPrice, line.subtotal,
                line.discount, line.total,
            ]
        }
        let headers = ["ID", "Name", "Kind", "Qty", "List", "Unit", "Subtotal", "Discount", "Total"]
        return TextTable(headers: headers, rows: rows).render()
    }

    /// A cart: its id, lines, then count, subtotal, discount, total and expiry.
    static func cart(_ cart: CartView) -> String {
        [
            "Cart \(cart.cartId)",
            lines(items: cart.items, specialItems: cart.specialItems),
            "",
            fields([
                ("Count", String(cart.totalCount)), ("Subtotal", cart.subtotal), ("Discount", cart.discount),
                ("Total", "\(cart.total) \(cart.currency)"), ("Expires", cart.expiresAt),
            ]),
        ].joined(separator: "\n")
    }

    /// What each voucher did: applied with its discount, or refused with code, message and any shortfall.
    static func vouchers(_ vouchers: [VoucherView]) -> String {
        let rows = vouchers.map { voucher in
            guard let refusal = voucher.refusal, !voucher.applied else {
                return [voucher.code, "applied", voucher.discount, ""]
            }
            let shortfall = refusal.shortfall.map { " (spend \($0) more)" } ?? ""
            return [voucher.code, "refused [\(refusal.code)]", "", refusal.message + shortfall]
        }
        return TextTable(headers: ["Voucher", "Outcome", "Discount", "Why"], rows: rows).render()
    }

    /// Label and value pairs, one a line, values aligned.
    static func fields(_ pairs: [(String, String)]) -> String {
        let width = pairs.map(\.0.count).max() ?? 0
        return pairs.map { label, value in
            label + String(repeating: " ", count: width - label.count) + "  " + value
        }.joined(separator: "\n")
    }
}
