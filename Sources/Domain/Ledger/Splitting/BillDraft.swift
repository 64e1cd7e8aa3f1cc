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

    /// Creates a draft; nothing is checked until ``shares(members:residues:)``.
    public init(amount: Int64, currency: Currency, payers: [String: Int64], split: SplitRule) {
        self.amount = amount
        self.currency = currency
        self.payers = payers
        self.split = split
    }

    /// Each member's share of the bill, adding up to exactly ``amount``, after checking the whole draft, rounded by
    /// ``ErrorDiffusion`` against the household's residues in the bill's currency.
    ///
    /// Checked, in this order (the first fault is thrown): the amount is above 0 and at most
    /// ``LedgerEntry/maximumAmount`` (`amount`); every payer is a member (`payers.<id>`, `unknown_member`) and paid
    /// more than 0 (`invalid_amount`), and the payers add up to the amount (`payers`, `payer_sum_mismatch`); the
    /// split names at least one member, only members, each list member once, and its amounts pass the rule's checks
    /// (see ``SplitRule``). An exact amount of 0 is accepted and means that member has no share.
    /// - Parameters:
    ///   - members: The household's member ids.
    ///   - residues: The household's rounding residues in this currency before the bill (absent means 0).
    /// - Returns: The shares by member id (members whose share is 0 left out), and what each adds to the residues.
    public func shares(members: Set<String>, residues: [String: Int64] = [:]) throws(LedgerError) -> BillShares {
        let (parts, changes) = ErrorDiffusion.parts(of: try exactShares(members: members), residues: residues)
        return BillShares(shares: parts, residueChanges: changes)
    }

    /// Each member's exact share, after the checks of ``shares(members:residues:)``.
    public func exactShares(members: Set<String>) throws(LedgerError) -> ExactShares {
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
        return try split.exactShares(of: amount, currency: currency, members: members)
    }
}

/// A bill's rounded shares and what they add to the household's rounding residues (``ErrorDiffusion``).
public struct BillShares: Sendable, Hashable {
    /// Each member's share in minor units; members whose share is 0 are left out.
    public let shares: [String: Int64]
    /// What each member's share adds to their residue, in ``ExactShares/scale`` units: share minus exact share.
    public let residueChanges: [String: Int64]
}
