/// Employee payroll contributions for one year: CPP or QPP, and EI (with Quebec's QPIP).
public struct PayrollRules: Sendable, Hashable {
    /// A pension plan (CPP or QPP) with its second tier.
    public struct PensionPlan: Sendable, Hashable {
        public let rate: FixedDecimal
        /// The part of `rate` that earns a credit; the rest (first enhanced, 1%) is a deduction.
        public let baseRate: FixedDecimal
        public let basicExemption: FixedDecimal
        public let maximumPensionableEarnings: FixedDecimal
        public let secondRate: FixedDecimal
        public let secondCeiling: FixedDecimal

        public init(
            rate: FixedDecimal,
            baseRate: FixedDecimal,
            basicExemption: FixedDecimal,
            maximumPensionableEarnings: FixedDecimal,
            secondRate: FixedDecimal,
            secondCeiling: FixedDecimal
        ) {
            self.rate = rate
            self.baseRate = baseRate
            self.basicExemption = basicExemption
            self.maximumPensionableEarnings = maximumPensionableEarnings
            self.secondRate = secondRate
            self.secondCeiling = secondCeiling
        }
    }

    /// An insurance premium: `rate` on earnings up to `maximumInsurable`.
    public struct Premium: Sendable, Hashable {
        public let rate: FixedDecimal
        public let maximumInsurable: FixedDecimal

        public init(rate: FixedDecimal, maximumInsurable: FixedDecimal) {
            self.rate = rate
            self.maximumInsurable = maximumInsurable
        }

        /// The premium on `earnings`.
        public func premium(on earnings: FixedDecimal) -> FixedDecimal {
            rate * min(earnings, maximumInsurable).clampedAtZero
        }
    }

    public let cpp: PensionPlan
    public let qpp: PensionPlan
    public let ei: Premium
    public let eiQuebec: Premium
    public let qpip: Premium

    public init(cpp: PensionPlan, qpp: PensionPlan, ei: Premium, eiQuebec: Premium, qpip: Premium) {
        self.cpp = cpp
        self.qpp = qpp
        self.ei = ei
        self.eiQuebec = eiQuebec
        self.qpip = qpip
    }
}
