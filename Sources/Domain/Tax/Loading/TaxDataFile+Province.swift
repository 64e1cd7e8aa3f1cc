extension TaxDataFile.Province {
    func rules(_ jurisdiction: Jurisdiction, check: FieldChecker) throws -> ProvincialRules {
        var caveats: [String] = []
        func note(_ what: String, _ verification: TaxDataFile.Verification?) {
            if let caveat = verification?.caveat { caveats.append("\(what) (\(caveat))") }
        }
        note("\(jurisdiction.name) figures", verified)
        note("\(jurisdiction.name) surtax", surtax?.verified)
        note("\(jurisdiction.name) LIFT credit", liftCredit?.verified)
        note("\(jurisdiction.name) health premium", healthPremium?.verified)
        note("\(jurisdiction.name) dividend tax credit", dividendTaxCredit.verified)
        let reductionKey = taxReduction != nil ? "tax_reduction" : "low_income_tax_reduction"
        let reductionEntry = taxReduction ?? lowIncomeTaxReduction
        if reductionEntry?.encoded == false {
            caveats.append("\(jurisdiction.name) low-income tax reduction (not modelled)")
        } else {
            note("\(jurisdiction.name) tax reduction", reductionEntry?.verified)
        }
        return ProvincialRules(
            jurisdiction: jurisdiction,
            brackets: try check.brackets(brackets, "brackets"),
            creditRate: try check.rate(creditRate, "credit_rate"),
            credits: CreditAmounts(
                basicPersonal: try check.basicAmount(bpa, "bpa"),
                canadaEmployment: try canadaEmploymentAmount.map { try check.amount($0, "canada_employment_amount") },
                age: try ageAmount.map { try check.ageAmount($0, "age_amount") },
                pensionIncomeMaximum: try pensionIncomeAmountMax.map {
                    try check.amount($0, "pension_income_amount_max")
                },
                contributionCredits: contributionCredits ?? true
            ),
            dividendCredits: DividendCreditRates(
                eligible: try check.rate(
                    dividendTaxCredit.eligibleRateOfGrossedUp,
                    "dividend_tax_credit.eligible_rate_of_grossed_up"
                ),
                nonEligible: try check.rate(
                    dividendTaxCredit.nonEligibleRateOfGrossedUp,
                    "dividend_tax_credit.non_eligible_rate_of_grossed_up"
                )
            ),
            adjustments: ProvincialAdjustments(
                supplementalCredit: try supplementalCredit.map {
                    .init(
                        rate: try check.rate($0.rate, "supplemental_credit.rate"),
                        over: try check.amount($0.over, "supplemental_credit.over")
                    )
                },
                surtax: try surtaxTiers(check: check),
                taxReduction: try reductionEntry.flatMap { try $0.rules(check: check.nested(reductionKey)) },
                lowIncomeWorkerCredit: try liftCredit.map { try $0.rules(check: check.nested("lift_credit")) },
                healthPremium: try premiumTiers(check: check)
            ),
            caveats: caveats
        )
    }

    private func surtaxTiers(check: FieldChecker) throws -> [ProvincialAdjustments.SurtaxTier] {
        try (surtax?.tiers ?? []).enumerated().map { index, tier in
            .init(
                over: try check.amount(tier.over, "surtax.tiers[\(index)].over"),
                rate: try check.rate(tier.rate, "surtax.tiers[\(index)].rate")
            )
        }
    }

    private func premiumTiers(check: FieldChecker) throws -> [ProvincialAdjustments.PremiumTier] {
        var previous = FixedDecimal(-1)
        return try (healthPremium?.schedule ?? []).enumerated().map { index, tier in
            let field = "health_premium.schedule[\(index)]"
            let over = try check.amount(tier.over, "\(field).over")
            guard over > previous else { throw check.error("\(field).over", "tiers must be in increasing order") }
            previous = over
            return .init(
                over: over,
                rate: try check.rate(tier.rate, "\(field).rate"),
                base: try check.amount(tier.base, "\(field).base"),
                cap: try check.amount(tier.cap, "\(field).cap")
            )
        }
    }
}

extension TaxDataFile.Province.Reduction {
    /// `nil` for a reduction the file records as known but not encoded.
    func rules(check: FieldChecker) throws -> ProvincialAdjustments.TaxReduction? {
        if encoded == false { return nil }
        if let basic { return .ontario(basic: try check.amount(basic, "basic")) }
        guard let max else { throw check.error("max", "required (or basic, or encoded: false)") }
        guard let threshold else { throw check.error("threshold", "required with max") }
        guard let rate else { throw check.error("rate", "required with max") }
        return .phaseOut(
            maximum: try check.amount(max, "max"),
            threshold: try check.amount(threshold, "threshold"),
            rate: try check.rate(rate, "rate")
        )
    }
}

extension TaxDataFile.Province.Lift {
    func rules(check: FieldChecker) throws -> ProvincialAdjustments.LowIncomeWorkerCredit {
        .init(
            maximum: try check.amount(max, "max"),
            employmentRate: try check.rate(rateOfEmploymentIncome, "rate_of_employment_income"),
            threshold: try check.amount(thresholdIndividual, "threshold_individual"),
            reductionRate: try check.rate(reductionRate, "reduction_rate")
        )
    }
}
