extension SettlePlanner {
    /// The plan for one currency's balances (``Balances/nets(_:currency:)``, then ``plan(nets:exactSearchLimit:)``)
    /// with each transfer explained by ``explain(_:entries:currency:)``.
    public static func suggest(
        entries: [LedgerEntry],
        currency: String,
        exactSearchLimit: Int = 12
    ) -> [ExplainedTransfer] {
        let plan = plan(nets: Balances.nets(entries, currency: currency), exactSearchLimit: exactSearchLimit)
        return explain(plan, entries: entries, currency: currency)
    }

    /// Explains each transfer by the entries that make up the debt it settles.
    ///
    /// The rule: a debtor's outstanding debt is made of their most recent debt-making entries in the currency
    /// (entries where their net is negative), taken newest first by (date, id) until they cover the debt, the
    /// oldest one taken partially. These (entry, amount) slices, newest first, are handed out to the debtor's
    /// transfers in plan order, a slice being split where a transfer ends. Each transfer's reasons therefore add up
    /// to exactly its amount.
    /// - Parameters:
    ///   - plan: Transfers settling the nets of `entries` in `currency`, as ``plan(nets:exactSearchLimit:)`` gives;
    ///     asking a member for more than their debt-making entries add up to is a programming error.
    ///   - entries: The ledger's entries; other currencies are ignored.
    ///   - currency: The ISO 4217 code of the plan's currency.
    public static func explain(
        _ plan: [Transfer],
        entries: [LedgerEntry],
        currency: String
    ) -> [ExplainedTransfer] {
        let netsNewestFirst = entries.filter { $0.currency == currency }
            .sorted { ($0.date, $0.id) > ($1.date, $1.id) }
            .map { (id: $0.id, nets: $0.nets) }
        let debts = Dictionary(plan.map { ($0.from, $0.amount) }, uniquingKeysWith: +)
        let slices = Dictionary(
            uniqueKeysWithValues: debts.map { debtor, debt in
                (debtor, debtSlices(debt, of: debtor, netsNewestFirst: netsNewestFirst))
            }
        )
        return explain(plan, debtSlices: slices)
    }

    /// Hands each debtor's debt slices out to their transfers in plan order, splitting a slice where a transfer
    /// ends; each transfer's reasons add up to exactly its amount.
    /// - Parameters:
    ///   - plan: The transfers.
    ///   - debtSlices: Per debtor, the (entry, amount) slices that make up their debt, newest first, adding up to
    ///     at least what the plan has them pay (a store can read them without loading every entry).
    public static func explain(
        _ plan: [Transfer],
        debtSlices: [String: [ExplainedTransfer.Reason]]
    )
        -> [ExplainedTransfer]
    {
        var outstanding = debtSlices.mapValues { OutstandingDebt(slices: $0) }
        return plan.map { transfer in
            ExplainedTransfer(
                transfer: transfer,
                because: outstanding[transfer.from, default: .init(slices: [])].take(transfer.amount)
            )
        }
    }

    /// The slices making up `debt`: the debtor's debt-making entries, newest first, until they cover it.
    private static func debtSlices(
        _ debt: Int64,
        of debtor: String,
        netsNewestFirst: [(id: String, nets: [String: Int64])]
    ) -> [ExplainedTransfer.Reason] {
        var slices: [ExplainedTransfer.Reason] = []
        var left = debt
        for entry in netsNewestFirst where left > 0 {
            guard let net = entry.nets[debtor], net < 0 else { continue }
            slices.append(ExplainedTransfer.Reason(entryID: entry.id, amount: min(-net, left)))
            left -= min(-net, left)
        }
        precondition(left == 0, "the plan asks \(debtor) for more than their entries owe")
        return slices
    }
}

/// One debtor's outstanding debt as (entry, amount) slices, newest first, handed out as transfers take them.
private struct OutstandingDebt {
    var slices: [ExplainedTransfer.Reason]
    private var next = 0

    init(slices: [ExplainedTransfer.Reason]) {
        self.slices = slices
    }

    /// The next slices, adding up to `amount`; a slice larger than what is left is split.
    mutating func take(_ amount: Int64) -> [ExplainedTransfer.Reason] {
        var reasons: [ExplainedTransfer.Reason] = []
        var left = amount
        while left > 0, next < slices.count {
            let taken = min(slices[next].amount, left)
            reasons.append(ExplainedTransfer.Reason(entryID: slices[next].entryID, amount: taken))
            slices[next].amount -= taken
            left -= taken
            if slices[next].amount == 0 { next += 1 }
        }
        return reasons
    }
}
