extension TaxComputation {
    /// The step-by-step rows for this computation.
    func breakdown(input: TaxInput) -> [TaxBreakdownRow] {
        var builder = BreakdownBuilder()
        addIncomeRows(to: &builder, input: input)
        addFederalRows(to: &builder)
        addProvincialRows(to: &builder)
        if input.income.oas > .zero {
            let detail =
                "\(rules.oasRecoveryRate.percentText) × (\(income.netIncomeBeforeAdjustments.moneyText) − "
                + "\(rules.oasRecoveryThreshold.moneyText)), at most the OAS received"
            builder.add("OAS recovery tax", detail, income.oasRecovery, always: true)
        }
        builder.add("Total tax", "federal + provincial + OAS recovery", roundedTotal, always: true)
        let plan = payroll.isQuebec ? "QPP" : "CPP"
        builder.add("\(plan) contributions", "withheld from pay, not income tax", payroll.pension)
        builder.add(
            payroll.isQuebec ? "EI and QPIP premiums" : "EI premiums",
            "withheld from pay, not income tax",
            payroll.insurance
        )
        return builder.rows
    }

    /// The total as reported: the sum of the rounded parts.
    var roundedTotal: FixedDecimal {
        federal.netTax.rounded(toPlaces: 2) + provincial.netTax.rounded(toPlaces: 2)
            + income.oasRecovery.rounded(toPlaces: 2)
    }

    private func addIncomeRows(to builder: inout BreakdownBuilder, input: TaxInput) {
        let entered = input.income
        let grossUp = rules.federal.dividendGrossUp
        builder.add("Employment income", entered.employment)
        builder.add("Self-employment income", entered.selfEmployment)
        builder.add("Interest income", entered.interest)
        builder.add(
            "Eligible dividends, grossed up",
            "\(entered.eligibleDividends.moneyText) received + \(grossUp.eligible.percentText) gross-up",
            income.eligibleGrossedUp
        )
        builder.add(
            "Non-eligible dividends, grossed up",
            "\(entered.nonEligibleDividends.moneyText) received + \(grossUp.nonEligible.percentText) gross-up",
            income.nonEligibleGrossedUp
        )
        builder.add(
            "Foreign investment income",
            "foreign tax paid \(entered.foreignTaxPaid.moneyText)",
            entered.foreign
        )
        builder.add(
            "Taxable capital gains",
            "\(rules.capitalGainsInclusionRate.percentText) of \(entered.capitalGains.moneyText)",
            income.taxableCapitalGains
        )
        builder.add("OAS pension", entered.oas)
        builder.add("Pension income", entered.pension)
        builder.add("Other income", entered.other)
        builder.add("Total income", "line 15000", income.totalIncome, always: true)

        let capped = input.deductions.rrsp > income.rrspRoom ? ", capped at the room" : ""
        builder.subtract(
            "RRSP deduction",
            "contributed \(input.deductions.rrsp.moneyText), room \(income.rrspRoom.moneyText)\(capped)",
            income.rrspDeduction
        )
        builder.subtract(
            payroll.isQuebec ? "Enhanced QPP contributions" : "Enhanced CPP and CPP2 contributions",
            "line 22215",
            income.pensionPlanDeduction
        )
        builder.subtract(
            "Foreign tax above \(rules.federal.foreignPropertyTaxCap.percentText) of foreign income",
            "deductible, not creditable (ITA 20(11))",
            income.foreignTaxDeduction
        )
        builder.subtract("Other deductions", income.otherDeductions)
        if !income.oasRecovery.isZero {
            builder.add("Net income before adjustments", "line 23400", income.netIncomeBeforeAdjustments)
            builder.subtract("OAS recovery deduction", "line 23500", income.oasRecovery)
        }
        builder.add("Net income", "line 23600", income.netIncome, always: true)
        builder.add("Taxable income", "line 26000", income.taxableIncome, always: true)
    }

    private func addFederalRows(to builder: inout BreakdownBuilder) {
        let rules = rules.federal
        builder.add(
            "Federal tax on taxable income",
            BreakdownBuilder.bracketDetail(rules.brackets, income: income.taxableIncome),
            federal.bracketTax,
            always: true
        )
        builder.subtract(
            "Federal non-refundable credits",
            BreakdownBuilder.creditDetail(rate: rules.creditRate, credits: federal.credits),
            federal.creditValue
        )
        builder.subtract("Federal top-up tax credit", "credit amounts above the first bracket", federal.topUpCredit)
        builder.subtract(
            "Federal dividend tax credit",
            BreakdownBuilder.dividendDetail(rules.dividendCredits, income: income),
            federal.dividendCredit
        )
        builder.add("Basic federal tax", "line 42900", federal.basicTax, always: true)
        builder.subtract(
            "Federal foreign tax credit",
            "lesser of foreign tax \(income.creditableForeignTax.moneyText) and basic federal tax × "
                + "foreign share of net income",
            federal.foreignTaxCredit
        )
        builder.subtract(
            "Refundable Quebec abatement",
            "\(rules.quebecAbatementRate.percentText) of basic federal tax",
            federal.quebecAbatement
        )
        builder.add("Net federal tax", "", federal.netTax, always: true)
    }

    private func addProvincialRows(to builder: inout BreakdownBuilder) {
        let rules = rules.province(jurisdiction)
        let name = jurisdiction.name
        builder.add(
            "\(name) tax on taxable income",
            BreakdownBuilder.bracketDetail(rules.brackets, income: income.taxableIncome),
            provincial.bracketTax,
            always: true
        )
        builder.subtract(
            "\(name) non-refundable credits",
            BreakdownBuilder.creditDetail(rate: rules.creditRate, credits: provincial.credits),
            provincial.creditValue
        )
        builder.subtract(
            "\(name) supplemental credit",
            "on credit amounts above the threshold",
            provincial.supplementalCredit
        )
        let tiers = rules.adjustments.surtax.map {
            "\($0.rate.percentText) × (\(provincial.basicTax.moneyText) − \($0.over.moneyText))"
        }
        builder.add("\(name) surtax", tiers.joined(separator: " + ") + ", each part at least zero", provincial.surtax)
        builder.subtract(
            "\(name) dividend tax credit",
            BreakdownBuilder.dividendDetail(rules.dividendCredits, income: income),
            provincial.dividendCredit
        )
        builder.subtract("\(name) low-income tax reduction", "", provincial.taxReduction)
        builder.subtract(
            "\(name) foreign tax credit",
            "foreign tax not used federally, limited to the foreign share",
            provincial.foreignTaxCredit
        )
        builder.subtract(
            "\(name) LIFT credit",
            "low-income individuals and families tax credit",
            provincial.lowIncomeWorkerCredit
        )
        builder.add("\(name) Health Premium", "on taxable income", provincial.healthPremium)
        builder.add("Net \(name) tax", "", provincial.netTax, always: true)
    }
}
