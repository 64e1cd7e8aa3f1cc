/// Writes a ``TaxComputation`` as the rows a tax professional would show, rounding each amount to the cent.
struct BreakdownBuilder {
    private(set) var rows: [TaxBreakdownRow] = []

    /// Adds a row; zero amounts are skipped unless `always`.
    mutating func add(_ label: String, _ detail: String = "", _ amount: FixedDecimal, always: Bool = false) {
        guard always || !amount.isZero else { return }
        rows.append(TaxBreakdownRow(label: label, detail: detail, amount: amount.rounded(toPlaces: 2)))
    }

    /// Adds a row without detail; zero amounts are skipped.
    mutating func add(_ label: String, _ amount: FixedDecimal) {
        add(label, "", amount)
    }

    /// Adds a credit or deduction as a negative row.
    mutating func subtract(_ label: String, _ detail: String, _ amount: FixedDecimal) {
        add(label, detail, -amount)
    }

    /// Adds a credit or deduction without detail as a negative row.
    mutating func subtract(_ label: String, _ amount: FixedDecimal) {
        add(label, "", -amount)
    }

    /// `14.5% × $57,375.00 + 20.5% × $27,625.00`.
    static func bracketDetail(_ brackets: TaxBrackets, income: FixedDecimal) -> String {
        brackets.parts(of: income).map { "\($0.rate.percentText) × \($0.amount.moneyText)" }
            .joined(separator: " + ")
    }

    /// `14.5% × $17,600.00 (basic personal amount $16,129.00, Canada employment amount $1,471.00)`.
    static func creditDetail(rate: FixedDecimal, credits: CreditComputation) -> String {
        let parts = credits.claims.map { "\($0.label) \($0.amount.moneyText)" }.joined(separator: ", ")
        return "\(rate.percentText) × \(credits.base.moneyText) (\(parts))"
    }

    /// `15.0198% × $1,380.00 eligible + 9.0301% × $1,150.00 non-eligible`.
    static func dividendDetail(_ rates: DividendCreditRates, income: IncomeComputation) -> String {
        var parts: [String] = []
        if !income.eligibleGrossedUp.isZero {
            parts.append("\(rates.eligible.percentText) × \(income.eligibleGrossedUp.moneyText) eligible")
        }
        if !income.nonEligibleGrossedUp.isZero {
            parts.append("\(rates.nonEligible.percentText) × \(income.nonEligibleGrossedUp.moneyText) non-eligible")
        }
        return parts.joined(separator: " + ")
    }
}
