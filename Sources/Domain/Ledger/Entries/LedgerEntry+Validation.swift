import Money

extension LedgerEntry {
    /// Checks the rules listed on ``init(id:kind:date:description:currency:paid:owed:)``.
    func validate() throws(LedgerError) {
        _ = try DateCheck.require(date, field: "date")
        guard let money = Currency(code: currency) else {
            throw LedgerError(.invalidCurrency, "\"\(currency)\" is not an ISO 4217 currency code", field: "currency")
        }
        let paidTotal = try Self.total(paid, field: "paid", currency: money)
        let owedTotal = try Self.total(owed, field: "owed", currency: money)
        try AmountLimit.require(paidTotal, field: "paid", format: money.format)
        try SumCheck(
            subject: "the amounts owed",
            targetLabel: "the \(money.format(Int64(paidTotal))) paid",
            format: money.format
        ).require(owedTotal, equals: Int64(paidTotal), code: .splitSumMismatch, field: "owed")
        if kind != .bill { try validateTransfer() }
    }

    private func validateTransfer() throws(LedgerError) {
        guard paid.count == 1, owed.count == 1 else {
            throw LedgerError(.invalidSplit, "a payment goes from one member to one other member", field: "owed")
        }
        guard paid.keys != owed.keys else {
            throw LedgerError(.duplicateMember, "a payment goes from one member to another", field: "owed")
        }
    }

    /// The sum of one side, after checking it names somebody and every amount is in range.
    private static func total(
        _ amounts: [String: Int64],
        field: String,
        currency: Currency
    ) throws(LedgerError) -> Int128 {
        guard !amounts.isEmpty else { throw LedgerError(.invalidAmount, "names nobody", field: field) }
        for (member, amount) in amounts.sorted(by: { $0.key < $1.key }) {
            try AmountLimit.require(Int128(amount), field: "\(field).\(member)", format: currency.format)
        }
        return amounts.values.reduce(0) { $0 + Int128($1) }
    }
}
