import CalcAPI
import Tax
import Wire

extension TaxSituation {
    /// Whether the request names everything a profile could give, so it never needs one.
    var isComplete: Bool { province != nil && income != nil }

    /// The engine's input.
    /// - Throws: ``WireError`` `invalid_argument` when there is no province, or naming an amount that is no plain
    ///   decimal with at most 12 decimals.
    func input() throws -> TaxInput {
        guard let province else {
            throw WireError(
                .invalidArgument,
                "province is required (or send the token of a ledger profile that has one)",
                field: "province"
            )
        }
        var input = TaxInput(year: year, province: province, age: age)
        if let income {
            let amount = { (text: NumberText?, name: String) in try Self.money(text, "income.\(name)") ?? .zero }
            input.income.employment = try amount(income.employment, "employment")
            input.income.selfEmployment = try amount(income.selfEmployment, "selfEmployment")
            input.income.interest = try amount(income.interest, "interest")
            input.income.eligibleDividends = try amount(income.eligibleDividends, "eligibleDividends")
            input.income.nonEligibleDividends = try amount(income.nonEligibleDividends, "nonEligibleDividends")
            input.income.foreign = try amount(income.foreign, "foreign")
            input.income.foreignTaxPaid = try amount(income.foreignTaxPaid, "foreignTaxPaid")
            input.income.capitalGains = try amount(income.capitalGains, "capitalGains")
            input.income.oas = try amount(income.oas, "oas")
            input.income.pension = try amount(income.pension, "pension")
            input.income.other = try amount(income.other, "other")
        }
        if let deductions {
            input.deductions.rrsp = try Self.money(deductions.rrsp, "deductions.rrsp") ?? .zero
            input.deductions.rrspRoom = try Self.money(deductions.rrspRoom, "deductions.rrspRoom")
            input.deductions.other = try Self.money(deductions.other, "deductions.other") ?? .zero
        }
        return input
    }

    /// An amount as the engine's exact decimal.
    /// - Throws: ``WireError`` `invalid_argument` naming `field` for text that is no plain decimal, or under 0.
    static func money(_ text: NumberText?, _ field: String) throws -> FixedDecimal? {
        guard let text else { return nil }
        guard let value = FixedDecimal(text.text) else {
            throw WireError(
                .invalidArgument,
                "\(field) must be a plain decimal number, got \"\(text.text)\"",
                field: field
            )
        }
        guard value >= .zero else { throw WireError(.invalidArgument, "\(field) must be 0 or more", field: field) }
        return value
    }
}

extension TaxTopicOp.Args {
    /// The engine's request; `contribution` is accepted as another name for `amount` (the RRSP topic).
    /// - Throws: ``WireError`` for an unknown `dividendKind` or a malformed amount.
    func request() throws -> TaxTopicRequest {
        var kind = TaxTopicRequest.DividendKind.eligible
        if let dividendKind {
            guard let parsed = TaxTopicRequest.DividendKind(rawValue: dividendKind) else {
                throw WireError(.invalidArgument, "dividendKind must be eligible or nonEligible", field: "dividendKind")
            }
            kind = parsed
        }
        let money = TaxSituation.money
        // Both are checked, though `amount` wins when both are given: a malformed value is never ignored.
        let amount = try money(amount, "amount")
        let contribution = try money(contribution, "contribution")
        return TaxTopicRequest(
            topic: topic,
            situation: try situation.input(),
            amount: amount ?? contribution ?? .zero,
            foreignTaxPaid: try money(foreignTaxPaid, "foreignTaxPaid") ?? .zero,
            dividendKind: kind
        )
    }
}
