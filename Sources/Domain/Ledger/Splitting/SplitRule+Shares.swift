import Money

extension SplitRule {
    /// Each member's exact share of `amount` under this rule, adding up to exactly `amount`, after checking the
    /// rule against the household (see ``BillDraft/shares(members:residues:)``).
    func exactShares(
        of amount: Int64,
        currency: Currency,
        members: Set<String>
    ) throws(LedgerError) -> ExactShares {
        let check = MemberCheck(members: members)
        switch self {
        case .equal(let among):
            try check.requireList(among, field: "split.among", emptyMessage: "an equal split needs at least one member")
            return .weighted(amount, among.map { ($0, 1) })
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
            return .exact(amounts)
        case .shares(let shares):
            let weights = try MemberAmounts(shares, field: "split.shares", kind: "a split by shares", check: check)
            try weights.requireEach(
                code: .invalidSplit,
                where: { $0 > 0 },
                message: { "a share must be a whole number above 0, not \($0)" }
            )
            return .weighted(amount, weights.weights)
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
            return .weighted(amount, percents.weights)
        case .itemized(let split):
            return try split.exactShares(of: amount, currency: currency, check: check)
        }
    }
}
