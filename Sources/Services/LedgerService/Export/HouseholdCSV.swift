import LedgerAPI
import Storage
import Wire

extension ExportHandlers {
    /// One of the household's tables as CSV; members are named by username.
    /// - Throws: `invalid_argument` (field `what`) for a table there is none of.
    func csv(_ what: String, of household: String, in db: any SQLExecutor) async throws -> CSVTable {
        let members = try await households.members(household, in: db)
        let names = Dictionary(members.map { ($0.userId, $0.username) }, uniquingKeysWith: { first, _ in first })
        let name = { (id: String) in names[id] ?? id }
        switch what {
        case "bills": return try await billsCSV(household, members: members.map(\.userId), name: name, in: db)
        case "payments":
            var table = CSVTable(header: ["payment_id", "date", "from", "to", "amount", "currency", "note"])
            for p in try await allPayments(household, in: db) {
                table.append([p.paymentId, p.date, name(p.from), name(p.to), p.amount, p.currency, p.note ?? ""])
            }
            return table
        case "balances":
            var table = CSVTable(
                header: ["member", "currency", "paid", "share", "sent", "received", "net", "rounding"]
            )
            for b in try await balanceReports.balances(of: household, convertTo: nil, in: db).members {
                table.append([name(b.userId), b.currency, b.paid, b.share, b.sent, b.received, b.net, b.rounding])
            }
            return table
        case "roundings":
            var table = CSVTable(header: ["rounding_id", "date", "from", "to", "amount", "currency", "bill_id"])
            for r in try await roundings.transfers(household, in: db).map(\.view) {
                table.append([r.roundingId, r.date, name(r.from), name(r.to), r.amount, r.currency, r.billId])
            }
            return table
        case "inventory":
            var table = CSVTable(
                header: [
                    "item_id", "name", "quantity", "unit", "location", "best_before", "restock", "restock_quantity",
                ]
            )
            for line in try await inventory.list(household, location: nil, dueBy: nil, in: db) {
                table.append([
                    line.id, line.name.text, line.quantity.text, line.unit.symbol, line.location ?? "",
                    line.bestBefore ?? "", line.restock ? "yes" : "no", line.restockQuantity?.text ?? "",
                ])
            }
            return table
        case "shopping":
            var table = CSVTable(header: ["item_id", "name", "quantity", "unit", "note", "added_by"])
            for item in try await shopping.list(household, in: db) {
                table.append([
                    item.id, item.name.text, item.quantity.text, item.unit.symbol, item.note ?? "", name(item.addedBy),
                ])
            }
            return table
        default:
            throw WireError(
                .invalidArgument,
                "what must be bills, payments, balances, roundings, inventory or shopping",
                field: "what"
            )
        }
    }

    /// A row per live bill, with a `paid` and a `share` column per member (former members too): each row's paid
    /// columns and its share columns sum exactly to its amount.
    private func billsCSV(
        _ household: String,
        members: [String],
        name: (String) -> String,
        in db: any SQLExecutor
    ) async throws -> CSVTable {
        let bills = try await allBills(household, in: db)
        var table = CSVTable(
            header: ["bill_id", "date", "description", "category", "currency", "amount", "created_by"]
                + members.flatMap { ["\(name($0)) paid", "\(name($0)) share"] }
        )
        for bill in bills {
            let paid = Dictionary(bill.payers.map { ($0.userId, $0.amount) }, uniquingKeysWith: { first, _ in first })
            let share = Dictionary(bill.shares.map { ($0.userId, $0.amount) }, uniquingKeysWith: { first, _ in first })
            table.append(
                [
                    bill.billId, bill.date, bill.description, bill.category ?? "", bill.currency, bill.amount,
                    name(bill.createdBy),
                ] + members.flatMap { [paid[$0] ?? "", share[$0] ?? ""] }
            )
        }
        return table
    }
}
