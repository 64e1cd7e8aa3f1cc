/// Federal tax (Schedule 1 and T2209), step by step.
struct FederalComputation {
    let bracketTax: FixedDecimal
    let credits: CreditComputation
    /// Credit amounts × the credit rate.
    let creditValue: FixedDecimal
    /// The 2025–2030 top-up credit on credit amounts above the first bracket threshold.
    let topUpCredit: FixedDecimal
    let dividendCredit: FixedDecimal
    /// Basic federal tax (line 42900), never negative.
    let basicTax: FixedDecimal
    let foreignTaxCredit: FixedDecimal
    /// Refundable Quebec abatement (line 44000), Quebec residents only.
    let quebecAbatement: FixedDecimal
    /// What is left to pay federally.
    let netTax: FixedDecimal

    init(
        rules: FederalRules,
        input: TaxInput,
        income: IncomeComputation,
        payroll: PayrollContributions,
        isSenior: Bool,
        jurisdiction: Jurisdiction
    ) {
        bracketTax = rules.brackets.tax(on: income.taxableIncome)
        credits = CreditComputation(rules.credits, input: input, income: income, payroll: payroll, isSenior: isSenior)
        creditValue = rules.creditRate * credits.base
        if let rate = rules.topUpCreditRate, let threshold = rules.brackets.firstThreshold {
            topUpCredit = rate * (credits.base - threshold).clampedAtZero
        } else {
            topUpCredit = .zero
        }
        dividendCredit =
            rules.dividendCredits.eligible * income.eligibleGrossedUp
            + rules.dividendCredits.nonEligible * income.nonEligibleGrossedUp
        basicTax = (bracketTax - creditValue - topUpCredit - dividendCredit).clampedAtZero
        foreignTaxCredit = min(
            income.creditableForeignTax,
            basicTax * income.foreignShare(foreignIncome: input.income.foreign)
        )
        quebecAbatement = jurisdiction == .QC ? rules.quebecAbatementRate * basicTax : .zero
        netTax = basicTax - foreignTaxCredit - quebecAbatement
    }
}
