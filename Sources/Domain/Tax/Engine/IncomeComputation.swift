/// From income entered to taxable income: gross-ups, inclusion, deductions and the OAS recovery.
struct IncomeComputation {
    /// Dividends as taxed: the amount received plus the gross-up.
    let eligibleGrossedUp: FixedDecimal
    let nonEligibleGrossedUp: FixedDecimal
    let taxableCapitalGains: FixedDecimal
    /// The cash received, before gross-up and inclusion: the base of the average rate.
    let received: FixedDecimal
    /// Line 15000.
    let totalIncome: FixedDecimal
    /// RRSP deduction room used for the cap, and the deduction allowed.
    let rrspRoom: FixedDecimal
    let rrspDeduction: FixedDecimal
    /// Foreign tax that can be credited (at most the property-income cap) and the rest, deducted under s. 20(11).
    let creditableForeignTax: FixedDecimal
    let foreignTaxDeduction: FixedDecimal
    let pensionPlanDeduction: FixedDecimal
    let otherDeductions: FixedDecimal
    /// Line 23400.
    let netIncomeBeforeAdjustments: FixedDecimal
    /// OAS recovery tax (social benefits repayment), deducted at line 23500.
    let oasRecovery: FixedDecimal
    /// Line 23600.
    let netIncome: FixedDecimal
    /// Line 26000 (no line 25000–25600 deductions are modelled, so equal to net income).
    let taxableIncome: FixedDecimal

    init(input: TaxInput, rules: TaxYearRules, payroll: PayrollContributions) {
        let income = input.income
        let grossUp = rules.federal.dividendGrossUp
        eligibleGrossedUp = income.eligibleDividends + income.eligibleDividends * grossUp.eligible
        nonEligibleGrossedUp = income.nonEligibleDividends + income.nonEligibleDividends * grossUp.nonEligible
        taxableCapitalGains = income.capitalGains * rules.capitalGainsInclusionRate
        let ordinary =
            income.employment + income.selfEmployment + income.interest + income.foreign + income.oas
            + income.pension + income.other
        received = ordinary + income.eligibleDividends + income.nonEligibleDividends + income.capitalGains
        totalIncome = ordinary + eligibleGrossedUp + nonEligibleGrossedUp + taxableCapitalGains

        let earned = income.employment + income.selfEmployment
        rrspRoom =
            input.deductions.rrspRoom
            ?? min(rules.rrspEarnedIncomeRate * earned, rules.rrspDollarLimit).rounded(toPlaces: 2)
        rrspDeduction = min(input.deductions.rrsp, rrspRoom)
        creditableForeignTax = min(income.foreignTaxPaid, rules.federal.foreignPropertyTaxCap * income.foreign)
        foreignTaxDeduction = income.foreignTaxPaid - creditableForeignTax
        pensionPlanDeduction = payroll.pensionDeduction
        otherDeductions = input.deductions.other

        netIncomeBeforeAdjustments =
            (totalIncome - rrspDeduction - pensionPlanDeduction - foreignTaxDeduction
            - otherDeductions).clampedAtZero
        let excess = (netIncomeBeforeAdjustments - rules.oasRecoveryThreshold).clampedAtZero
        oasRecovery = min(income.oas, rules.oasRecoveryRate * excess)
        netIncome = netIncomeBeforeAdjustments - oasRecovery
        taxableIncome = netIncome
    }

    /// Share of net income that is foreign (at most 1), for the foreign tax credit limits.
    func foreignShare(foreignIncome: FixedDecimal) -> FixedDecimal {
        guard netIncome > .zero, foreignIncome > .zero else { return .zero }
        return min(.one, foreignIncome / netIncome)
    }
}
