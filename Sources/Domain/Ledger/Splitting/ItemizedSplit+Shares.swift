import Money

extension ItemizedSplit {
    /// Each member's exact share of `amount`, after checking the items, tax and tip: every line split equally among
    /// its members, then scaled by `amount / items` so that tax and tip are spread in proportion to what each had.
    /// A member's share is the sum over their lines of `amount × line / (items × sharers)`.
    func exactShares(
        of amount: Int64,
        currency: Currency,
        check: MemberCheck
    ) throws(LedgerError) -> ExactShares {
        guard !items.isEmpty else {
            throw LedgerError(.invalidSplit, "an itemized split needs at least one item", field: "split.items")
        }
        for (index, item) in items.enumerated() {
            guard item.amount > 0 else {
                throw LedgerError(
                    .invalidAmount,
                    "an item's amount must be above 0, not \(currency.format(item.amount))",
                    field: "split.items[\(index)].amount"
                )
            }
            try check.requireList(
                item.among,
                field: "split.items[\(index)].among",
                emptyMessage: "an item needs at least one member to share it"
            )
        }
        for (field, extra) in [("split.tax", tax), ("split.tip", tip)] where extra < 0 {
            throw LedgerError(.invalidAmount, "must not be negative, not \(currency.format(extra))", field: field)
        }
        let sum = items.reduce(Int128(tax) + Int128(tip)) { $0 + Int128($1.amount) }
        try SumCheck(
            subject: "the items, tax and tip",
            targetLabel: "the bill's \(currency.format(amount))",
            format: currency.format
        ).require(sum, equals: amount, code: .splitSumMismatch, field: "split.items")
        let lines = Int128(amount) - Int128(tax) - Int128(tip)
        var fractions: [String: [(numerator: Int128, denominator: Int128)]] = [:]
        for item in items {
            for member in item.among {
                fractions[member, default: []].append(
                    (Int128(amount) * Int128(item.amount), lines * Int128(item.among.count))
                )
            }
        }
        return ExactShares(total: amount, fractions: fractions)
    }
}
