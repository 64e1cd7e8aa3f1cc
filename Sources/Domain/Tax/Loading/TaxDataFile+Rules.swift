/// Turns a decoded file into ``TaxYearRules``, checking every figure; the first problem throws a ``TaxDataError``
/// naming the field by its path in the file.
extension TaxDataFile {
    func rules(fileName: String) throws -> TaxYearRules {
        let check = FieldChecker(file: fileName)
        guard schemaVersion == 1 else {
            throw check.error("schema_version", "unsupported schema version \(schemaVersion); this build reads 1")
        }
        guard (2000...2100).contains(taxYear) else { throw check.error("tax_year", "must be a year") }
        var provinceRules: [Jurisdiction: ProvincialRules] = [:]
        for (code, province) in provinces {
            guard let jurisdiction = Jurisdiction(rawValue: code) else {
                throw check.error("provinces.\(code)", "unknown province or territory code")
            }
            provinceRules[jurisdiction] = try province.rules(jurisdiction, check: check.nested("provinces.\(code)"))
        }
        if let missing = Jurisdiction.allCases.first(where: { provinceRules[$0] == nil }) {
            throw check.error("provinces.\(missing.rawValue)", "missing; every year needs all 13 jurisdictions")
        }
        var caveats: [String] = []
        if let caveat = federal.verified?.caveat { caveats.append("federal figures (\(caveat))") }
        if let caveat = oasRecovery.verified?.caveat { caveats.append("OAS recovery threshold (\(caveat))") }
        return TaxYearRules(
            year: taxYear,
            federal: try federal.rules(check: check.nested("federal"), caveats: &caveats),
            provinces: provinceRules,
            payroll: try payroll.rules(check: check.nested("payroll")),
            oasRecoveryThreshold: try check.amount(oasRecovery.threshold, "oas_recovery.threshold"),
            oasRecoveryRate: try check.rate(oasRecovery.rate, "oas_recovery.rate"),
            rrspDollarLimit: try check.amount(rrsp.dollarLimit, "rrsp.dollar_limit"),
            rrspEarnedIncomeRate: try check.rate(rrsp.earnedIncomeRate, "rrsp.earned_income_rate"),
            capitalGainsInclusionRate: try check.rate(capitalGains.inclusionRate, "capital_gains.inclusion_rate"),
            caveats: caveats
        )
    }
}

extension TaxDataFile.Federal {
    func rules(check: FieldChecker, caveats: inout [String]) throws -> FederalRules {
        if let caveat = topUpCredit?.verified?.caveat { caveats.append("federal top-up credit (\(caveat))") }
        return FederalRules(
            brackets: try check.brackets(brackets, "brackets"),
            creditRate: try check.rate(creditRate, "credit_rate"),
            credits: CreditAmounts(
                basicPersonal: try check.basicAmount(bpa, "bpa"),
                canadaEmployment: try check.amount(canadaEmploymentAmount, "canada_employment_amount"),
                age: try check.ageAmount(ageAmount, "age_amount"),
                pensionIncomeMaximum: try check.amount(pensionIncomeAmountMax, "pension_income_amount_max")
            ),
            topUpCreditRate: try topUpCredit.map { try check.rate($0.rate, "top_up_credit.rate") },
            quebecAbatementRate: try check.rate(quebecAbatementRate, "quebec_abatement_rate"),
            dividendGrossUp: DividendCreditRates(
                eligible: try check.rate(dividends.eligible.grossUp, "dividends.eligible.gross_up"),
                nonEligible: try check.rate(dividends.nonEligible.grossUp, "dividends.non_eligible.gross_up")
            ),
            dividendCredits: DividendCreditRates(
                eligible: try check.rate(
                    dividends.eligible.dtcRateOfGrossedUp,
                    "dividends.eligible.dtc_rate_of_grossed_up"
                ),
                nonEligible: try check.rate(
                    dividends.nonEligible.dtcRateOfGrossedUp,
                    "dividends.non_eligible.dtc_rate_of_grossed_up"
                )
            ),
            foreignPropertyTaxCap: try check.rate(
                foreignTaxCredit.propertyIncomeCap,
                "foreign_tax_credit.property_income_cap"
            )
        )
    }
}

extension TaxDataFile.Payroll {
    func rules(check: FieldChecker) throws -> PayrollRules {
        let ympe = try check.amount(cpp.ympe, "cpp.ympe")
        let exemption = try check.amount(cpp.basicExemption, "cpp.basic_exemption")
        let yampe = try check.amount(cpp.yampe, "cpp.yampe")
        guard exemption < ympe, ympe <= yampe else {
            throw check.error("cpp.yampe", "needs basic_exemption < ympe <= yampe")
        }
        func plan(
            rate: FixedDecimal,
            base: FixedDecimal,
            second: FixedDecimal,
            _ prefix: String,
            _ secondKey: String
        )
            throws -> PayrollRules.PensionPlan
        {
            let total = try check.rate(rate, "\(prefix).employee_rate")
            guard try check.rate(base, "\(prefix).base_rate") <= total else {
                throw check.error("\(prefix).base_rate", "must not exceed employee_rate")
            }
            return PayrollRules.PensionPlan(
                rate: total,
                baseRate: base,
                basicExemption: exemption,
                maximumPensionableEarnings: ympe,
                secondRate: try check.rate(second, "\(prefix).\(secondKey)"),
                secondCeiling: yampe
            )
        }
        let insurable = try check.amount(ei.maxInsurable, "ei.max_insurable")
        return PayrollRules(
            cpp: try plan(rate: cpp.employeeRate, base: cpp.baseRate, second: cpp.cpp2Rate, "cpp", "cpp2_rate"),
            qpp: try plan(rate: qpp.employeeRate, base: qpp.baseRate, second: qpp.qpp2Rate, "qpp", "qpp2_rate"),
            ei: .init(rate: try check.rate(ei.rate, "ei.rate"), maximumInsurable: insurable),
            eiQuebec: .init(rate: try check.rate(ei.quebecRate, "ei.quebec_rate"), maximumInsurable: insurable),
            qpip: .init(
                rate: try check.rate(qpip.rate, "qpip.rate"),
                maximumInsurable: try check.amount(qpip.maxInsurable, "qpip.max_insurable")
            )
        )
    }
}
