import LedgerAPI
import Wire

extension LedgerRendering {
    /// Per currency, each member's paid, share, sent, received and net; then who owes whom; then the converted
    /// nets when asked for.
    static func balances(_ balances: BalancesView, _ members: LedgerMembers) -> String {
        let headers = ["Member", "Paid", "Share", "Sent", "Received", "Net"]
        var out = balances.currencies.flatMap { currency in
            let rows = balances.members.filter { $0.currency == currency }.map { balance in
                [
                    members.name(balance.userId), balance.paid, balance.share, balance.sent, balance.received,
                    balance.net,
                ]
            }
            return [currency, TextTable(headers: headers, rows: rows).render(), ""]
        }
        let debts = balances.debts.map { debt in
            "\(members.name(debt.from)) owes \(members.name(debt.to)) \(money(debt.amount, debt.currency))"
        }
        out += ["Debts"] + (debts.isEmpty ? ["(none)"] : debts)
        if let converted = balances.converted {
            let rows = converted.members.map { [members.name($0.userId), $0.amount] }
            out += [
                "", "Converted to \(converted.currency)", TextTable(headers: ["Member", "Net"], rows: rows).render(),
            ]
            out += converted.rates.map { "1 \($0.from) = \($0.rate) \(converted.currency) (rates of \($0.date))" }
        }
        return out.joined(separator: "\n")
    }

    /// Each transfer of a plan, with the bills and payments it settles indented under it, then the method used
    /// per currency.
    static func settlePlan(_ plan: SettlePlanView, _ members: LedgerMembers) -> String {
        guard !plan.transfers.isEmpty else { return "Nothing to settle: every balance is zero." }
        var out = plan.transfers.flatMap { transfer in
            let amount = money(transfer.amount, transfer.currency)
            let head = "\(members.name(transfer.from)) pays \(members.name(transfer.to)) \(amount)"
            return [head] + transfer.because.map { "    \($0.date)  \($0.kind) \($0.description): \($0.amount)" }
        }
        let methods = plan.methods.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        out += ["", "Method: \(methods.joined(separator: ", "))"]
        return out.joined(separator: "\n")
    }

    /// Changes as a table, oldest first, and how to ask for the ones after.
    static func activity(_ page: ActivityListOp.Result, _ members: LedgerMembers) -> String {
        guard !page.entries.isEmpty else { return "(no activity after \(page.cursor))" }
        let rows = page.entries.map { entry in
            let description = (entry.after ?? entry.before)?["description"]?.stringValue
            let what = ["\(entry.entity) \(entry.entityId)", description].compactMap { $0 }.joined(separator: ": ")
            return [String(entry.cursor), entry.at, members.name(entry.userId), entry.action, what]
        }
        let table = TextTable(headers: ["Cursor", "At", "Who", "Action", "What"], rows: rows).render()
        return [table, nextPage(page.more ? "reckon activity --after \(page.cursor)" : nil)]
            .compactMap { $0 }.joined(separator: "\n")
    }
}
