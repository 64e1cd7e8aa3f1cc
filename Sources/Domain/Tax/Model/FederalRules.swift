/// Federal figures for one tax year.
public struct FederalRules: Sendable, Hashable {
    public let brackets: TaxBrackets
    /// The rate applied to non-refundable credit amounts (14.5% for 2025, 14% from 2026).
    public let creditRate: FixedDecimal
    public let credits: CreditAmounts
    /// The top-up credit rate applied to credit amounts above the first bracket threshold (2025–2030), if any.
    public let topUpCreditRate: FixedDecimal?
    /// Share of basic federal tax refunded to Quebec residents (16.5%).
    public let quebecAbatementRate: FixedDecimal
    /// Gross-up of eligible and non-eligible dividends (38% and 15%).
    public let dividendGrossUp: DividendCreditRates
    public let dividendCredits: DividendCreditRates
    /// Foreign tax on property income above this share of that income is not creditable, only deductible.
    public let foreignPropertyTaxCap: FixedDecimal

    public init(
        brackets: TaxBrackets,
        creditRate: FixedDecimal,
        credits: CreditAmounts,
        topUpCreditRate: FixedDecimal?,
        quebecAbatementRate: FixedDecimal,
        dividendGrossUp: DividendCreditRates,
        dividendCredits: DividendCreditRates,
        foreignPropertyTaxCap: FixedDecimal
    ) {
        self.brackets = brackets
        self.creditRate = creditRate
        self.credits = credits
        self.topUpCreditRate = topUpCreditRate
        self.quebecAbatementRate = quebecAbatementRate
        self.dividendGrossUp = dividendGrossUp
        self.dividendCredits = dividendCredits
        self.foreignPropertyTaxCap = foreignPropertyTaxCap
    }
}
