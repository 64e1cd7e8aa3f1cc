/// The steps some jurisdictions add after basic tax: Alberta's supplemental credit, Ontario's surtax, tax reduction,
/// LIFT credit and health premium, and the B.C., Nova Scotia and P.E.I. low-income reductions.
public struct ProvincialAdjustments: Sendable, Hashable {
    /// A credit of `rate` × (credit amounts above `over`) (Alberta's 2% supplemental credit).
    public struct SupplementalCredit: Sendable, Hashable {
        public let rate: FixedDecimal
        public let over: FixedDecimal
        public init(rate: FixedDecimal, over: FixedDecimal) {
            self.rate = rate
            self.over = over
        }
    }

    /// One surtax tier: `rate` × (basic tax above `over`).
    public struct SurtaxTier: Sendable, Hashable {
        public let over: FixedDecimal
        public let rate: FixedDecimal
        public init(over: FixedDecimal, rate: FixedDecimal) {
            self.over = over
            self.rate = rate
        }
    }

    /// A low-income tax reduction.
    public enum TaxReduction: Sendable, Hashable {
        /// `maximum − rate × (net income − threshold)`, at least zero (B.C., Nova Scotia, P.E.I.).
        case phaseOut(maximum: FixedDecimal, threshold: FixedDecimal, rate: FixedDecimal)
        /// Ontario: `2 × basic − tax`, at least zero.
        case ontario(basic: FixedDecimal)
    }

    /// Ontario's LIFT credit: `min(maximum, rate × employment income) − reductionRate × (NI − threshold)`.
    public struct LowIncomeWorkerCredit: Sendable, Hashable {
        public let maximum: FixedDecimal
        public let employmentRate: FixedDecimal
        public let threshold: FixedDecimal
        public let reductionRate: FixedDecimal
        public init(
            maximum: FixedDecimal,
            employmentRate: FixedDecimal,
            threshold: FixedDecimal,
            reductionRate: FixedDecimal
        ) {
            self.maximum = maximum
            self.employmentRate = employmentRate
            self.threshold = threshold
            self.reductionRate = reductionRate
        }
    }

    /// One health-premium tier: above `over`, `base + rate × (TI − over)`, at most `cap`.
    public struct PremiumTier: Sendable, Hashable {
        public let over: FixedDecimal
        public let rate: FixedDecimal
        public let base: FixedDecimal
        public let cap: FixedDecimal
        public init(over: FixedDecimal, rate: FixedDecimal, base: FixedDecimal, cap: FixedDecimal) {
            self.over = over
            self.rate = rate
            self.base = base
            self.cap = cap
        }
    }

    public let supplementalCredit: SupplementalCredit?
    public let surtax: [SurtaxTier]
    public let taxReduction: TaxReduction?
    public let lowIncomeWorkerCredit: LowIncomeWorkerCredit?
    public let healthPremium: [PremiumTier]

    public init(
        supplementalCredit: SupplementalCredit? = nil,
        surtax: [SurtaxTier] = [],
        taxReduction: TaxReduction? = nil,
        lowIncomeWorkerCredit: LowIncomeWorkerCredit? = nil,
        healthPremium: [PremiumTier] = []
    ) {
        self.supplementalCredit = supplementalCredit
        self.surtax = surtax
        self.taxReduction = taxReduction
        self.lowIncomeWorkerCredit = lowIncomeWorkerCredit
        self.healthPremium = healthPremium
    }

    /// The surtax on `basicTax`.
    public func surtax(on basicTax: FixedDecimal) -> FixedDecimal {
        var total = FixedDecimal.zero
        for tier in surtax { total += tier.rate * (basicTax - tier.over).clampedAtZero }
        return total
    }

    /// The health premium for `taxableIncome`: the highest tier whose `over` is below it, capped.
    public func healthPremium(taxableIncome: FixedDecimal) -> FixedDecimal {
        guard let tier = healthPremium.last(where: { taxableIncome > $0.over }) else { return .zero }
        return min(tier.cap, tier.base + tier.rate * (taxableIncome - tier.over))
    }
}
