import Money

extension LedgerEntry {
    /// The entry for a bill: its payers as ``paid`` and its checked shares as ``owed``, rounded as the first bill of
    /// a household (every residue 0: largest remainders, ties by member id).
    /// - Throws: The draft's faults (see ``BillDraft/shares(members:residues:)``) or a bad `date`.
    public static func bill(
        id: String,
        date: String,
        description: String,
        draft: BillDraft,
        members: Set<String>
    ) throws(LedgerError) -> LedgerEntry {
        let shares = try draft.shares(members: members).shares
        return try LedgerEntry(
            id: id,
            kind: .bill,
            date: date,
            description: description,
            currency: draft.currency.code,
            paid: draft.payers,
            owed: shares
        )
    }

    /// The entry for "`from` paid `to` `amount`".
    /// - Throws: `invalid_amount` at `amount`, `unknown_member` at `from` or `to`, `duplicate_member` at `to` when
    ///   both are the same member, or a bad `date`.
    public static func payment(
        id: String,
        date: String,
        description: String,
        currency: Currency,
        from: String,
        to: String,
        amount: Int64,
        members: Set<String>
    ) throws(LedgerError) -> LedgerEntry {
        try AmountLimit.require(Int128(amount), field: "amount", format: currency.format)
        let check = MemberCheck(members: members)
        try check.requireMember(from, field: "from")
        try check.requireMember(to, field: "to")
        guard from != to else {
            throw LedgerError(.duplicateMember, "a payment goes from one member to another", field: "to")
        }
        return try LedgerEntry(
            id: id,
            kind: .payment,
            date: date,
            description: description,
            currency: currency.code,
            paid: [from: amount],
            owed: [to: amount]
        )
    }
}
