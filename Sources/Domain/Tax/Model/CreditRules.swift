/// An amount that shrinks linearly with net income between two thresholds (the federal and Yukon basic personal
/// amounts, Manitoba's phase-out). A flat amount has no thresholds.
public struct PhasedAmount: Sendable, Hashable {
    public let maximum: FixedDecimal
    public let minimum: FixedDecimal
    /// Net income where the reduction starts and where it reaches `minimum`; `nil` for a flat amount.
    public let phaseOut: (start: FixedDecimal, end: FixedDecimal)?

    public init(maximum: FixedDecimal, minimum: FixedDecimal, phaseOut: (start: FixedDecimal, end: FixedDecimal)?) {
        self.maximum = maximum
        self.minimum = minimum
        self.phaseOut = phaseOut
    }

    /// A flat amount.
    public init(flat amount: FixedDecimal) {
        self.init(maximum: amount, minimum: amount, phaseOut: nil)
    }

    /// The amount for `netIncome`: `max − (max − min) × (NI − start) ÷ (end − start)`, clamped.
    public func amount(netIncome: FixedDecimal) -> FixedDecimal {
        guard let (start, end) = phaseOut, netIncome > start else { return maximum }
        guard netIncome < end else { return minimum }
        return maximum - (maximum - minimum).scaled(by: netIncome - start, over: end - start)
    }

    public static func == (lhs: PhasedAmount, rhs: PhasedAmount) -> Bool {
        lhs.maximum == rhs.maximum && lhs.minimum == rhs.minimum
            && lhs.phaseOut?.start == rhs.phaseOut?.start && lhs.phaseOut?.end == rhs.phaseOut?.end
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(maximum)
        hasher.combine(minimum)
        hasher.combine(phaseOut?.start)
        hasher.combine(phaseOut?.end)
    }
}

/// An amount reduced by a share of net income above a threshold (the age amount).
public struct IncomeTestedAmount: Sendable, Hashable {
    public let maximum: FixedDecimal
    public let threshold: FixedDecimal
    public let reductionRate: FixedDecimal

    public init(maximum: FixedDecimal, threshold: FixedDecimal, reductionRate: FixedDecimal) {
        self.maximum = maximum
        self.threshold = threshold
        self.reductionRate = reductionRate
    }

    /// `max(0, maximum − reductionRate × (netIncome − threshold))`.
    public func amount(netIncome: FixedDecimal) -> FixedDecimal {
        (maximum - reductionRate * (netIncome - threshold).clampedAtZero).clampedAtZero
    }
}

/// The non-refundable credit amounts a jurisdiction grants, multiplied by its credit rate.
public struct CreditAmounts: Sendable, Hashable {
    public let basicPersonal: PhasedAmount
    /// The Canada employment amount (federal and Yukon only).
    public let canadaEmployment: FixedDecimal?
    /// The age amount for people 65 or older at the end of the year.
    public let age: IncomeTestedAmount?
    /// The pension income amount's maximum.
    public let pensionIncomeMaximum: FixedDecimal?
    /// Whether CPP/QPP and EI/QPIP contributions earn a credit (not in Quebec's own return).
    public let contributionCredits: Bool

    public init(
        basicPersonal: PhasedAmount,
        canadaEmployment: FixedDecimal? = nil,
        age: IncomeTestedAmount? = nil,
        pensionIncomeMaximum: FixedDecimal? = nil,
        contributionCredits: Bool = true
    ) {
        self.basicPersonal = basicPersonal
        self.canadaEmployment = canadaEmployment
        self.age = age
        self.pensionIncomeMaximum = pensionIncomeMaximum
        self.contributionCredits = contributionCredits
    }
}

/// Dividend tax credit rates, as shares of the grossed-up dividend.
public struct DividendCreditRates: Sendable, Hashable {
    public let eligible: FixedDecimal
    public let nonEligible: FixedDecimal

    public init(eligible: FixedDecimal, nonEligible: FixedDecimal) {
        self.eligible = eligible
        self.nonEligible = nonEligible
    }
}
