import Money

/// A bill as entered: how much, in which currency, who paid what, and how it is split.
public struct BillDraft: Sendable, Hashable {
    /// The bill's amount in minor units of ``currency``.
    public var amount: Int64
    /// The bill's currency; amounts in error messages are written in it.
    public var currency: Currency
    /// What each payer paid, in minor units; together exactly ``amount``.
    public var payers: [String: Int64]
    /// How the amount is shared.
    public var split: SplitRule

    /// Creates a draft; nothing is checked until ``shares(tieSeed:members:)``.
    public init(amount: Int64, currency: Currency, payers: [String: Int64], split: SplitRule) {
        self.amount = amount
        self.currency = currency
        self.payers = payers
        self.split = split
    }

    /// Each member's share of the bill, adding up to exactly ``amount``, after checking the whole draft.
    ///
    /// Checked, in this order (the first fault is thrown): the amount is above 0 and at most
    /// ``LedgerEntry/maximumAmount`` (`amount`); every payer is a member (`payers.<id>`, `unknown_member`) and paid
    /// more than 0 (`invalid_amount`), and the payers add up to the amount (`payers`, `payer_sum_mismatch`); the
    /// split names at least one member, only members, each list member once, and its amounts pass the rule's checks
    /// (see ``SplitRule``). An exact amount of 0 is accepted and means that member has no share.
    /// - Parameters:
    ///   - tieSeed: Picks who gets a leftover minor unit among equal remainders; pass the bill's id.
    ///   - members: The household's member ids.
    /// - Returns: The shares by member id; members whose share is 0 are left out.
    public func shares(tieSeed: String, members: Set<String>) throws(LedgerError) -> [String: Int64] {
        try AmountLimit.require(Int128(amount), field: "amount", format: currency.format)
        let payers = try MemberCheck(members: members).requireKeys(self.payers, field: "payers")
        for payer in payers {
            try AmountLimit.require(Int128(payer.amount), field: "payers.\(payer.member)", format: currency.format)
        }
        try SumCheck(
            subject: "the payers",
            targetLabel: "the bill's \(currency.format(amount))",
            format: currency.format
        )
        .require(
            payers.reduce(0) { $0 + Int128($1.amount) },
            equals: amount,
            code: .payerSumMismatch,
            field: "payers"
        )
        let shares = try split.shares(of: amount, currency: currency, tieSeed: tieSeed, members: members)
        return shares.filter { $0.value > 0 }
    }
}
