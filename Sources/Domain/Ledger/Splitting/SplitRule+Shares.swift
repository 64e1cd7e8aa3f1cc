import Money

extension SplitRule {
    /// Each member's share of `amount` under this rule, adding up to exactly `amount`, after checking the rule
    /// against the household (see ``BillDraft/shares(tieSeed:members:)``).
    func shares(
        of amount: Int64,
        currency: Currency,
        tieSeed: String,
        members: Set<String>
    ) throws(LedgerError) -> [String: Int64] {
        let check = MemberCheck(members: members)
        switch self {
        case .equal(let among):
            try check.requireList(among, field: "split.among", emptyMessage: "an equal split needs at least one member")
            return Allocation.allocate(total: amount, weights: among.map { ($0, 1) }, tieSeed: tieSeed)
        case .exact(let amounts):
            let exact = try MemberAmounts(amounts, field: "split.amounts", kind: "an exact split", check: check)
            try exact.requireEach(
                code: .invalidAmount,
                where: { $0 >= 0 },
                message: { "an exact amount must not be negative, not \(currency.format($0))" }
            )
            try SumCheck(
                subject: "the exact amounts",
                targetLabel: "the bill's \(currency.format(amount))",
                format: currency.format
            ).require(exact.sum, equals: amount, code: .splitSumMismatch, field: exact.field)
            return amounts
        case .shares(let shares):
            let weights = try MemberAmounts(shares, field: "split.shares", kind: "a split by shares", check: check)
            try weights.requireEach(
                code: .invalidSplit,
                where: { $0 > 0 },
                message: { "a share must be a whole number above 0, not \($0)" }
            )
            return Allocation.allocate(total: amount, weights: weights.weights, tieSeed: tieSeed)
        case .percent(let basisPoints):
            let percents = try MemberAmounts(
                basisPoints,
                field: "split.percents",
                kind: "a percent split",
                check: check
            )
            try percents.requireEach(
                code: .invalidSplit,
                where: { $0 > 0 },
                message: { "a percentage must be above 0, not \(Percent.format($0))" }
            )
            try SumCheck(subject: "the percentages", targetLabel: Percent.format(Percent.whole), format: Percent.format)
                .require(percents.sum, equals: Percent.whole, code: .splitSumMismatch, field: percents.field)
            return Allocation.allocate(total: amount, weights: percents.weights, tieSeed: tieSeed)
        case .itemized(let split):
            return try split.shares(of: amount, currency: currency, tieSeed: tieSeed, check: check)
        }
    }
}
