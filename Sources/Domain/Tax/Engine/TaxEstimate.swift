/// One row of a step-by-step computation: what it is, how it was computed, and the amount (negative for
/// deductions and credits), in cents.
public struct TaxBreakdownRow: Sendable, Hashable {
    public let label: String
    public let detail: String
    public let amount: FixedDecimal

    public init(label: String, detail: String = "", amount: FixedDecimal) {
        self.label = label
        self.detail = detail
        self.amount = amount
    }
}

/// One slice of the "where the income goes" chart.
public struct TaxChartSlice: Sendable, Hashable {
    public let label: String
    public let value: FixedDecimal

    public init(label: String, value: FixedDecimal) {
        self.label = label
        self.value = value
    }
}

/// The result of ``TaxEngine/estimate(_:)``. Money is rounded half-to-even to the cent, once, from the exact
/// computation; `total` is the sum of the rounded `federal`, `provincial` and `oasRecovery`. Rates are fractions
/// (0.2965 for 29.65%) rounded half-to-even to six decimals.
public struct TaxEstimate: Sendable, Hashable {
    public let year: Int
    public let jurisdiction: Jurisdiction
    /// Net federal tax (after credits, the foreign tax credit and, in Quebec, the abatement).
    public let federal: FixedDecimal
    /// Net provincial or territorial tax, surtax and health premium included.
    public let provincial: FixedDecimal
    /// OAS recovery tax (clawback).
    public let oasRecovery: FixedDecimal
    public let total: FixedDecimal
    /// Line 15000, with grossed-up dividends and taxable capital gains.
    public let totalIncome: FixedDecimal
    public let netIncome: FixedDecimal
    public let taxableIncome: FixedDecimal
    /// `total` ÷ the income actually received (dividends before gross-up, whole capital gains).
    public let averageRate: FixedDecimal
    /// Tax on the next dollar of ordinary income, computed by running the engine again.
    public let marginalRate: FixedDecimal
    /// CPP or QPP contributions and EI (plus QPIP) premiums on employment income.
    public let pensionContributions: FixedDecimal
    public let insurancePremiums: FixedDecimal
    /// The RRSP deduction claimed and the room it was capped at.
    public let rrspDeduction: FixedDecimal
    public let rrspRoom: FixedDecimal
    public let breakdown: [TaxBreakdownRow]
    public let chart: [TaxChartSlice]
    /// Names of the low-income reductions and special credits that changed the result (e.g. "Ontario LIFT credit").
    public let reductionsApplied: [String]
    /// Things the user should know: a capped RRSP contribution, unverified figures, unmodelled credits.
    public let warnings: [String]
}
