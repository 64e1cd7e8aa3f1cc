import LedgerAPI

extension LedgerRendering {
    /// Shopping-list items as a table.
    static func shopping(_ items: [ShoppingItemView]) -> String {
        guard !items.isEmpty else { return "The shopping list is empty." }
        return TextTable(
            headers: ["Item", "Quantity", "Unit", "Note", "Id"],
            rows: items.map { [$0.name, $0.quantity, $0.unit, $0.note ?? "", $0.itemId] }
        ).render()
    }

    /// Stock lines as a table.
    static func stock(_ lines: [StockLineView]) -> String {
        guard !lines.isEmpty else { return "No stock." }
        return TextTable(
            headers: ["Item", "Quantity", "Unit", "Location", "Best before", "Restock", "Id"],
            rows: lines.map {
                [
                    $0.name, $0.quantity, $0.unit, $0.location ?? "", $0.bestBefore ?? "", $0.restock ? "yes" : "",
                    $0.itemId,
                ]
            }
        ).render()
    }

    /// What a purchase did.
    static func bought(_ result: ShoppingBoughtOp.Result) -> String {
        var lines = [
            "Added \(result.added) \(result.stock.unit) of \(result.stock.name) to the stock"
                + (result.merged ? " (now \(result.stock.quantity) \(result.stock.unit))." : ".")
        ]
        if let remaining = result.remaining {
            lines.append("Still on the list: \(remaining.quantity) \(remaining.unit).")
        }
        if let bill = result.bill { lines.append("Bill recorded: \(money(bill.amount, bill.currency)).") }
        return lines.joined(separator: "\n")
    }

    /// A stock line after use, and what went back on the list.
    static func stockChange(_ change: StockChange) -> String {
        let left = "\(change.stock.name): \(change.stock.quantity) \(change.stock.unit) left."
        guard let item = change.restocked else { return left }
        return left + "\nOn the shopping list: \(item.quantity) \(item.unit) of \(item.name)."
    }

    /// Lines due by the listing's horizon, with days left.
    static func expiring(_ due: InventoryListOp.Result) -> String {
        guard !due.lines.isEmpty else { return "Nothing expires soon (today is \(due.today))." }
        return TextTable(
            headers: ["Item", "Quantity", "Unit", "Best before", "Days left"],
            rows: due.lines.map {
                [$0.name, $0.quantity, $0.unit, $0.bestBefore ?? "", $0.daysLeft.map(String.init) ?? ""]
            }
        ).render()
    }
}
