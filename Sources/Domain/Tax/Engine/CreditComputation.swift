/// The non-refundable credit amounts one jurisdiction allows a person, before the credit rate.
struct CreditComputation {
    /// One claimed amount with the name a return gives it.
    struct Claim {
        let label: String
        let amount: FixedDecimal
    }

    /// The amounts claimed, zero amounts left out.
    let claims: [Claim]
    /// Their sum.
    let base: FixedDecimal

    init(
        _ credits: CreditAmounts,
        input: TaxInput,
        income: IncomeComputation,
        payroll: PayrollContributions,
        isSenior: Bool
    ) {
        let netIncome = income.netIncome
        let employment = input.income.employment
        var claims = [Claim(label: "basic personal amount", amount: credits.basicPersonal.amount(netIncome: netIncome))]
        if let canadaEmployment = credits.canadaEmployment, employment > .zero {
            claims.append(Claim(label: "Canada employment amount", amount: min(canadaEmployment, employment)))
        }
        if isSenior, let age = credits.age {
            claims.append(Claim(label: "age amount", amount: age.amount(netIncome: netIncome)))
        }
        if let pensionMaximum = credits.pensionIncomeMaximum {
            claims.append(Claim(label: "pension income amount", amount: min(pensionMaximum, input.income.pension)))
        }
        if credits.contributionCredits {
            let plan = payroll.isQuebec ? "QPP" : "CPP"
            claims.append(Claim(label: "\(plan) base contributions", amount: payroll.pensionBase))
            let premiums = payroll.isQuebec ? "EI and QPIP premiums" : "EI premiums"
            claims.append(Claim(label: premiums, amount: payroll.insurance))
        }
        self.claims = claims.filter { !$0.amount.isZero }
        base = self.claims.reduce(.zero) { $0 + $1.amount }
    }
}
