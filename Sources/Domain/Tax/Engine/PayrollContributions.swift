/// An employee's CPP/QPP contributions and EI/QPIP premiums on employment income, split the way the return
/// treats them: base pension contributions and premiums earn credits; enhanced and second-tier contributions are
/// deducted (line 22215).
struct PayrollContributions {
    /// Whether the plan is the QPP (Quebec residents).
    let isQuebec: Bool
    /// Total CPP or QPP contributions, second tier included.
    let pension: FixedDecimal
    /// The base part, claimed as a credit (line 30800).
    let pensionBase: FixedDecimal
    /// Enhanced (first additional) plus second-tier contributions, deducted (line 22215).
    let pensionDeduction: FixedDecimal
    /// EI premiums (line 31200).
    let employmentInsurance: FixedDecimal
    /// QPIP premiums (Quebec only, line 31205).
    let parentalInsurance: FixedDecimal

    init(employment: FixedDecimal, rules: PayrollRules, isQuebec: Bool) {
        self.isQuebec = isQuebec
        let plan = isQuebec ? rules.qpp : rules.cpp
        let pensionable = (min(employment, plan.maximumPensionableEarnings) - plan.basicExemption).clampedAtZero
        let firstTier = plan.rate * pensionable
        let secondTier =
            plan.secondRate
            * (min(employment, plan.secondCeiling) - plan.maximumPensionableEarnings).clampedAtZero
        pension = firstTier + secondTier
        pensionBase = plan.baseRate * pensionable
        pensionDeduction = pension - pensionBase
        employmentInsurance = (isQuebec ? rules.eiQuebec : rules.ei).premium(on: employment)
        parentalInsurance = isQuebec ? rules.qpip.premium(on: employment) : .zero
    }

    /// Premiums that earn a credit: EI plus QPIP.
    var insurance: FixedDecimal { employmentInsurance + parentalInsurance }

    /// Everything withheld.
    var total: FixedDecimal { pension + insurance }
}
