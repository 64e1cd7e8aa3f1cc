/// One complete, unrounded computation for a validated input: the engine's working sheet.
struct TaxComputation {
    let rules: TaxYearRules
    let jurisdiction: Jurisdiction
    let isSenior: Bool
    let payroll: PayrollContributions
    let income: IncomeComputation
    let federal: FederalComputation
    let provincial: ProvincialComputation

    init(input: TaxInput, rules: TaxYearRules, jurisdiction: Jurisdiction) {
        self.rules = rules
        self.jurisdiction = jurisdiction
        isSenior = input.age.map { $0 >= 65 } ?? (input.income.oas > .zero)
        payroll = PayrollContributions(
            employment: input.income.employment,
            rules: rules.payroll,
            isQuebec: jurisdiction == .QC
        )
        income = IncomeComputation(input: input, rules: rules, payroll: payroll)
        federal = FederalComputation(
            rules: rules.federal,
            input: input,
            income: income,
            payroll: payroll,
            isSenior: isSenior,
            jurisdiction: jurisdiction
        )
        provincial = ProvincialComputation(
            rules: rules.province(jurisdiction),
            input: input,
            income: income,
            payroll: payroll,
            isSenior: isSenior,
            federalForeignTaxCredit: federal.foreignTaxCredit
        )
    }

    /// Federal plus provincial tax plus the OAS recovery tax, unrounded.
    var totalTax: FixedDecimal { federal.netTax + provincial.netTax + income.oasRecovery }
}
