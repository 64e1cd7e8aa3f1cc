import LedgerAPI

extension LedgerRendering {
    /// A bill: its fields, then each member's payment and share.
    static func bill(_ bill: BillView, _ members: LedgerMembers) -> String {
        let paid = Dictionary(bill.payers.map { ($0.userId, $0.amount) }, uniquingKeysWith: { $1 })
        let share = Dictionary(bill.shares.map { ($0.userId, $0.amount) }, uniquingKeysWith: { $1 })
        let people = bill.payers.map(\.userId) + bill.shares.map(\.userId).filter { paid[$0] == nil }
        let rows = people.map { [members.name($0), paid[$0] ?? "", share[$0] ?? ""] }
        var fields = [
            ("Bill", bill.description), ("ID", bill.billId), ("Amount", money(bill.amount, bill.currency)),
            ("Date", bill.date), ("Split", bill.split.kind), ("Version", String(bill.version)),
            ("Added by", members.name(bill.createdBy)),
        ]
        if let category = bill.category { fields.append(("Category", category)) }
        if let recurringId = bill.recurringId { fields.append(("Recurring", recurringId)) }
        if let value = bill.value { fields.append(("Valued", valued(value))) }
        return [
            OrdersRendering.fields(fields), "", TextTable(headers: ["Member", "Paid", "Share"], rows: rows).render(),
        ].joined(separator: "\n")
    }

    /// A page of bills as a table, and how to ask for the next page.
    static func bills(_ page: BillsListOp.Result, _ members: LedgerMembers) -> String {
        guard !page.bills.isEmpty else { return "(no bills)" }
        let rows = page.bills.map { bill in
            [
                bill.date, bill.description, money(bill.amount, bill.currency),
                bill.payers.map { members.name($0.userId) }.joined(separator: ", "), String(bill.version), bill.billId,
            ]
        }
        let table = TextTable(headers: ["Date", "Description", "Amount", "Paid by", "Version", "ID"], rows: rows)
        return [table.render(), nextPage(page.nextCursor.map { "reckon bills --cursor \($0)" })]
            .compactMap { $0 }.joined(separator: "\n")
    }

    /// A payment in a line: who paid whom how much, when, and its id.
    static func payment(_ payment: PaymentView, _ members: LedgerMembers) -> String {
        let note = payment.note.map { " (\($0))" } ?? ""
        let value = payment.value.map { ", valued \(valued($0))" } ?? ""
        return "\(members.name(payment.from)) paid \(members.name(payment.to)) "
            + "\(money(payment.amount, payment.currency)) on \(payment.date)\(note)\(value): payment \(payment.paymentId)"
    }

    /// What an entry in another currency was worth in the household's, and at what rate.
    private static func valued(_ value: EntryValueView) -> String {
        "\(money(value.amount, value.currency)) at \(value.rate) of \(value.rateDate) (\(value.source))"
    }

    /// A repeating bill's fields.
    static func rule(_ rule: RecurringView) -> String {
        OrdersRendering.fields([
            ("Recurring", rule.description), ("ID", rule.recurringId), ("Amount", money(rule.amount, rule.currency)),
            ("Repeats", repeats(rule)), ("From", rule.start), ("Until", rule.end ?? "(no end)"),
            ("State", rule.state), ("Last bill", rule.lastDate ?? "(none yet)"),
        ])
    }

    /// Repeating bills as a table.
    static func rules(_ rules: [RecurringView]) -> String {
        guard !rules.isEmpty else { return "(no recurring bills)" }
        let rows = rules.map { rule in
            [
                rule.recurringId, rule.description, money(rule.amount, rule.currency), repeats(rule), rule.start,
                rule.end ?? "", rule.state, rule.lastDate ?? "",
            ]
        }
        let headers = ["ID", "Description", "Amount", "Repeats", "From", "Until", "State", "Last bill"]
        return TextTable(headers: headers, rows: rows).render()
    }

    /// `monthly`, or `every 2 weeks`.
    private static func repeats(_ rule: RecurringView) -> String {
        guard rule.interval != 1 else { return rule.frequency }
        return "every \(rule.interval) \(rule.frequency == "weekly" ? "weeks" : "months")"
    }

    /// `more: COMMAND` when there is a next page, else nil.
    static func nextPage(_ command: String?) -> String? {
        command.map { "more: \($0)" }
    }
}
