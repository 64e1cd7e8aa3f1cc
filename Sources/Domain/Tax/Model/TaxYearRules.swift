/// Every figure the engine needs for one tax year, validated when loaded.
public struct TaxYearRules: Sendable, Hashable {
    public let year: Int
    public let federal: FederalRules
    public let provinces: [Jurisdiction: ProvincialRules]
    public let payroll: PayrollRules
    /// OAS recovery tax: `rate` × (net income before adjustments − `threshold`), at most the OAS received.
    public let oasRecoveryThreshold: FixedDecimal
    public let oasRecoveryRate: FixedDecimal
    /// RRSP deduction limit: `min(earnedIncomeRate × earned income, dollarLimit)` unless the room is given.
    public let rrspDollarLimit: FixedDecimal
    public let rrspEarnedIncomeRate: FixedDecimal
    /// Share of capital gains that is taxable (50%).
    public let capitalGainsInclusionRate: FixedDecimal
    /// Federal or general entries the file marks unverified.
    public let caveats: [String]

    public init(
        year: Int,
        federal: FederalRules,
        provinces: [Jurisdiction: ProvincialRules],
        payroll: PayrollRules,
        oasRecoveryThreshold: FixedDecimal,
        oasRecoveryRate: FixedDecimal,
        rrspDollarLimit: FixedDecimal,
        rrspEarnedIncomeRate: FixedDecimal,
        capitalGainsInclusionRate: FixedDecimal,
        caveats: [String]
    ) {
        self.year = year
        self.federal = federal
        self.provinces = provinces
        self.payroll = payroll
        self.oasRecoveryThreshold = oasRecoveryThreshold
        self.oasRecoveryRate = oasRecoveryRate
        self.rrspDollarLimit = rrspDollarLimit
        self.rrspEarnedIncomeRate = rrspEarnedIncomeRate
        self.capitalGainsInclusionRate = capitalGainsInclusionRate
        self.caveats = caveats
    }

    /// The rules of `jurisdiction`; every year holds all thirteen (checked when loaded).
    public func province(_ jurisdiction: Jurisdiction) -> ProvincialRules {
        guard let rules = provinces[jurisdiction] else {
            preconditionFailure("tax year \(year) has no \(jurisdiction.rawValue) rules; the loader checks this")
        }
        return rules
    }
}
