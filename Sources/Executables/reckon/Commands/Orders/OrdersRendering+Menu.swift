import OrdersAPI

extension OrdersRendering {
    /// The menu: each group's items, the special items, then the sales.
    static func menu(_ menu: MenuView) -> String {
        var out = ["\(menu.restaurant.name) (prices in \(menu.restaurant.currency))"]
        for group in menu.groups {
            out += ["", "\(group.name) [\(group.id)]", itemTable(group.items)]
        }
        if !menu.specialItems.isEmpty {
            out += ["", "Special items (only in bundles)", itemTable(menu.specialItems)]
        }
        if !menu.sales.isEmpty { out += ["", "Sales"] + menu.sales.map(sale) }
        return out.joined(separator: "\n")
    }

    /// Items as a table: id, name, kind, price, discount price and availability.
    static func itemTable(_ items: [MenuView.Item]) -> String {
        let rows = items.map { item in
            [item.id, item.name, item.kind, item.price, item.discountPrice ?? "", availability(item)]
        }
        return TextTable(headers: ["ID", "Name", "Kind", "Price", "Discount", "Available"], rows: rows).render()
    }

    /// `sold out`, `N left` for stock-limited items, or `yes`.
    static func availability(_ item: MenuView.Item) -> String {
        guard item.available else { return "sold out" }
        return item.remaining.map { "\($0) left" } ?? "yes"
    }

    /// A sale: an announcement's text, or a bundle with its price against the list price and its items.
    static func sale(_ sale: MenuView.Sale) -> String {
        let validity = sale.validity.map { " (\($0))" } ?? ""
        guard sale.kind == "bundle" else { return "- \(sale.title)\(validity): \(sale.description)" }
        let price = sale.price.map { " \($0)" + (sale.listPrice.map { " instead of \($0)" } ?? "") } ?? ""
        let status = sale.available ? "" : " [sold out]"
        var out = ["- Bundle \(sale.id): \(sale.title)\(price)\(validity)\(status)"]
        if !sale.description.isEmpty { out.append("    \(sale.description)") }
        out += (sale.items ?? []).map { "    \($0.quantity) × \($0.name) [\($0.itemId)]" }
        out.append("    add it: reckon cart sale CART \(sale.id)")
        return out.joined(separator: "\n")
    }
}
