/// Estimates Canadian personal income tax for any loaded year and jurisdiction.
///
/// The engine is pure and cheap to call: it reads the ``TaxTables`` loaded once at start and computes in exact
/// fixed-point decimals (``FixedDecimal``), rounding to the cent only in the result.
///
/// ```swift
/// let engine = TaxEngine(tables: try TaxTables.bundled())
/// var input = TaxInput(year: 2025, province: "ON")
/// input.income.employment = FixedDecimal(85_000)
/// let estimate = try engine.estimate(input)   // estimate.total, estimate.breakdown, ...
/// ```
public struct TaxEngine: Sendable {
    public let tables: TaxTables

    public init(tables: TaxTables) {
        self.tables = tables
    }

    /// The tax owed on `input`, with its step-by-step breakdown and chart.
    /// - Throws: ``TaxError`` for an unknown year or jurisdiction, a negative amount, foreign tax above the foreign
    ///   income and other bad input.
    public func estimate(_ input: TaxInput) throws -> TaxEstimate {
        let computation = try compute(input)
        let received = computation.income.received
        let total = computation.roundedTotal
        let federal = computation.federal.netTax.rounded(toPlaces: 2)
        let provincial = computation.provincial.netTax.rounded(toPlaces: 2)
        let oasRecovery = computation.income.oasRecovery.rounded(toPlaces: 2)
        let pension = computation.payroll.pension.rounded(toPlaces: 2)
        let insurance = computation.payroll.insurance.rounded(toPlaces: 2)
        return TaxEstimate(
            year: computation.rules.year,
            jurisdiction: computation.jurisdiction,
            federal: federal,
            provincial: provincial,
            oasRecovery: oasRecovery,
            total: total,
            totalIncome: computation.income.totalIncome.rounded(toPlaces: 2),
            netIncome: computation.income.netIncome.rounded(toPlaces: 2),
            taxableIncome: computation.income.taxableIncome.rounded(toPlaces: 2),
            averageRate: received > .zero ? (total / received).rounded(toPlaces: 6) : .zero,
            marginalRate: try marginalRate(input, base: computation).rounded(toPlaces: 6),
            pensionContributions: pension,
            insurancePremiums: insurance,
            rrspDeduction: computation.income.rrspDeduction.rounded(toPlaces: 2),
            rrspRoom: computation.income.rrspRoom,
            breakdown: computation.breakdown(input: input),
            chart: chart(
                computation,
                received: received,
                parts: (federal, provincial, oasRecovery, pension, insurance)
            ),
            reductionsApplied: reductionsApplied(computation),
            warnings: warnings(input, computation)
        )
    }

    /// Validates `input` and computes it, unrounded.
    /// - Throws: ``TaxError``.
    func compute(_ input: TaxInput) throws -> TaxComputation {
        let (rules, jurisdiction) = try input.validated(against: tables)
        return TaxComputation(input: input, rules: rules, jurisdiction: jurisdiction)
    }

    /// Tax on one more dollar of ordinary ("other") income.
    private func marginalRate(_ input: TaxInput, base: TaxComputation) throws -> FixedDecimal {
        var next = input
        next.income.other += .one
        return TaxComputation(input: next, rules: base.rules, jurisdiction: base.jurisdiction).totalTax - base.totalTax
    }

    private func chart(
        _ computation: TaxComputation,
        received: FixedDecimal,
        parts: (
            federal: FixedDecimal, provincial: FixedDecimal, oas: FixedDecimal, pension: FixedDecimal,
            insurance: FixedDecimal
        )
    ) -> [TaxChartSlice] {
        let kept =
            received.rounded(toPlaces: 2) - parts.federal - parts.provincial - parts.oas - parts.pension
            - parts.insurance
        let plan = computation.payroll.isQuebec ? "QPP" : "CPP"
        let slices = [
            TaxChartSlice(label: "Income kept", value: kept),
            TaxChartSlice(label: "Federal tax", value: parts.federal),
            TaxChartSlice(label: "\(computation.jurisdiction.name) tax", value: parts.provincial),
            TaxChartSlice(label: "OAS recovery tax", value: parts.oas),
            TaxChartSlice(label: "\(plan) contributions", value: parts.pension),
            TaxChartSlice(
                label: computation.payroll.isQuebec ? "EI and QPIP premiums" : "EI premiums",
                value: parts.insurance
            ),
        ]
        return slices.enumerated().filter { $0.offset < 3 || !$0.element.value.isZero }.map(\.element)
    }

    private func reductionsApplied(_ computation: TaxComputation) -> [String] {
        let name = computation.jurisdiction.name
        let provincial = computation.provincial
        let candidates: [(String, FixedDecimal)] = [
            ("\(name) supplemental credit", provincial.supplementalCredit),
            ("\(name) low-income tax reduction", provincial.taxReduction),
            ("\(name) LIFT credit", provincial.lowIncomeWorkerCredit),
            ("Federal top-up tax credit", computation.federal.topUpCredit),
            ("Refundable Quebec abatement", computation.federal.quebecAbatement),
        ]
        return candidates.filter { !$0.1.isZero }.map(\.0)
    }

    private func warnings(_ input: TaxInput, _ computation: TaxComputation) -> [String] {
        var warnings: [String] = []
        let income = computation.income
        if input.deductions.rrsp > income.rrspRoom {
            let excess = input.deductions.rrsp - income.rrspRoom
            warnings.append(
                "RRSP contribution exceeds the deduction room of \(income.rrspRoom.moneyText) by "
                    + "\(excess.moneyText); only the room is deducted. Over-contributions above $2,000 are taxed "
                    + "1% a month."
            )
        }
        if !income.foreignTaxDeduction.isZero {
            warnings.append(
                "Foreign tax above \(computation.rules.federal.foreignPropertyTaxCap.percentText) of the "
                    + "foreign income is deducted, not credited."
            )
        }
        if input.income.selfEmployment > .zero {
            warnings.append("CPP contributions on self-employment income are not included.")
        }
        if computation.jurisdiction == .QC {
            warnings.append(
                "Quebec tax is an outline of the TP-1 (brackets, basic amount, dividend and foreign tax "
                    + "credits); Quebec-only credits and deductions are not included."
            )
        }
        let caveats = computation.rules.caveats + computation.rules.province(computation.jurisdiction).caveats
        if !caveats.isEmpty {
            let list = caveats.joined(separator: "; ")
            warnings.append("Figures to re-check for \(computation.rules.year): \(list).")
        }
        return warnings
    }
}
