/// Provincial or territorial tax (form 428, or Quebec's TP-1 in outline), step by step.
struct ProvincialComputation {
    let bracketTax: FixedDecimal
    let credits: CreditComputation
    let creditValue: FixedDecimal
    /// Alberta's supplemental credit.
    let supplementalCredit: FixedDecimal
    /// Tax after non-refundable credits, the base of Ontario's surtax.
    let basicTax: FixedDecimal
    let surtax: FixedDecimal
    let dividendCredit: FixedDecimal
    /// Low-income tax reduction (B.C., Ontario, Nova Scotia, P.E.I.).
    let taxReduction: FixedDecimal
    let foreignTaxCredit: FixedDecimal
    /// Ontario's LIFT credit.
    let lowIncomeWorkerCredit: FixedDecimal
    /// Ontario Health Premium.
    let healthPremium: FixedDecimal
    let netTax: FixedDecimal

    init(
        rules: ProvincialRules,
        input: TaxInput,
        income: IncomeComputation,
        payroll: PayrollContributions,
        isSenior: Bool,
        federalForeignTaxCredit: FixedDecimal
    ) {
        let adjustments = rules.adjustments
        bracketTax = rules.brackets.tax(on: income.taxableIncome)
        let credits = CreditComputation(
            rules.credits,
            input: input,
            income: income,
            payroll: payroll,
            isSenior: isSenior
        )
        self.credits = credits
        creditValue = rules.creditRate * credits.base
        supplementalCredit =
            adjustments.supplementalCredit.map { $0.rate * (credits.base - $0.over).clampedAtZero }
            ?? .zero
        basicTax = (bracketTax - creditValue - supplementalCredit).clampedAtZero
        surtax = adjustments.surtax(on: basicTax)
        dividendCredit =
            rules.dividendCredits.eligible * income.eligibleGrossedUp
            + rules.dividendCredits.nonEligible * income.nonEligibleGrossedUp
        let afterDividendCredit = (basicTax + surtax - dividendCredit).clampedAtZero

        let reduction: FixedDecimal
        switch adjustments.taxReduction {
        case .phaseOut(let maximum, let threshold, let rate):
            reduction = (maximum - rate * (income.netIncome - threshold).clampedAtZero).clampedAtZero
        case .ontario(let basic):
            reduction = (basic + basic - afterDividendCredit).clampedAtZero
        case nil:
            reduction = .zero
        }
        taxReduction = min(reduction, afterDividendCredit)
        let afterReduction = afterDividendCredit - taxReduction

        let unusedForeignTax = income.creditableForeignTax - federalForeignTaxCredit
        foreignTaxCredit = min(
            unusedForeignTax,
            afterReduction * income.foreignShare(foreignIncome: input.income.foreign)
        )
        let afterForeignCredit = afterReduction - foreignTaxCredit

        if let lift = adjustments.lowIncomeWorkerCredit {
            let earned = min(lift.maximum, lift.employmentRate * input.income.employment)
            let credit = (earned - lift.reductionRate * (income.netIncome - lift.threshold).clampedAtZero)
            lowIncomeWorkerCredit = min(credit.clampedAtZero, afterForeignCredit)
        } else {
            lowIncomeWorkerCredit = .zero
        }
        healthPremium = adjustments.healthPremium(taxableIncome: income.taxableIncome)
        netTax = afterForeignCredit - lowIncomeWorkerCredit + healthPremium
    }
}
