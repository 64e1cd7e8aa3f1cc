import Money

extension ItemizedSplit {
    /// Each member's share of `amount`: items split equally among their members into subtotals, then the whole
    /// amount allocated in proportion to the subtotals, after checking the items, tax and tip.
    func shares(
        of amount: Int64,
        currency: Currency,
        tieSeed: String,
        check: MemberCheck
    ) throws(LedgerError) -> [String: Int64] {
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
        let weights = subtotals(tieSeed: tieSeed).map { (member: $0.key, weight: $0.value) }.filter { $0.weight > 0 }
        return Allocation.allocate(total: amount, weights: weights, tieSeed: tieSeed)
    }

    /// What each member had: every item split equally among its members (seed: the tie seed, `#`, the index).
    private func subtotals(tieSeed: String) -> [String: Int64] {
        var subtotals: [String: Int64] = [:]
        for (index, item) in items.enumerated() {
            let parts = Allocation.allocate(
                total: item.amount,
                weights: item.among.map { ($0, 1) },
                tieSeed: "\(tieSeed)#\(index)"
            )
            subtotals.merge(parts, uniquingKeysWith: +)
        }
        return subtotals
    }
}
