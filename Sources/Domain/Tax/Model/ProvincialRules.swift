/// Provincial or territorial figures for one tax year.
public struct ProvincialRules: Sendable, Hashable {
    public let jurisdiction: Jurisdiction
    public let brackets: TaxBrackets
    public let creditRate: FixedDecimal
    public let credits: CreditAmounts
    public let dividendCredits: DividendCreditRates
    /// Province-specific steps after the basic tax (surtax, reductions, premiums).
    public let adjustments: ProvincialAdjustments
    /// Data entries the file marks unverified or proposed, as short phrases (`"brackets (proposed)"`).
    public let caveats: [String]

    public init(
        jurisdiction: Jurisdiction,
        brackets: TaxBrackets,
        creditRate: FixedDecimal,
        credits: CreditAmounts,
        dividendCredits: DividendCreditRates,
        adjustments: ProvincialAdjustments,
        caveats: [String]
    ) {
        self.jurisdiction = jurisdiction
        self.brackets = brackets
        self.creditRate = creditRate
        self.credits = credits
        self.dividendCredits = dividendCredits
        self.adjustments = adjustments
        self.caveats = caveats
    }
}
