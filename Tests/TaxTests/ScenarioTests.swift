import Testing

@testable import Tax

/// Hand-checked cases; the arithmetic is in each test's comment, written from the 2025 figures.
@Suite struct ScenarioTests {
    @Test func ontarioEmployment85000() throws {
        // CPP: base 4.95% × (71,300 − 3,500) = 3,356.10; enhanced 1% × 67,800 + CPP2 4% × 9,900 = 1,074.
        // EI 1.64% × 65,700 = 1,077.48. NI = TI = 85,000 − 1,074 = 83,926.
        // Federal: 14.5% × 57,375 + 20.5% × 26,551 = 8,319.375 + 5,442.955 = 13,762.33;
        //   credits 14.5% × (16,129 + 1,471 + 3,356.10 + 1,077.48) = 14.5% × 22,033.58 = 3,194.8691 → 10,567.46.
        // Ontario: 5.05% × 52,886 + 9.15% × 31,040 = 2,670.743 + 2,840.16 = 5,510.903;
        //   credits 5.05% × (12,747 + 3,356.10 + 1,077.48) = 867.61929 → 4,643.28 (< 5,710: no surtax);
        //   health premium min(750, 600 + 25% × 11,926) = 750 → 5,393.28. Total 15,960.74.
        let estimate = try Fixture.engine.estimate(Fixture.employment(85_000, "ON"))
        #expect(estimate.federal == Fixture.money("10567.46"))
        #expect(estimate.provincial == Fixture.money("5393.28"))
        #expect(estimate.total == Fixture.money("15960.74"))
        #expect(estimate.netIncome == Fixture.money("83926"))
        // Next dollar: 20.5% federal + 9.15% Ontario, premium capped: 29.65%.
        #expect(estimate.marginalRate == Fixture.money("0.2965"))
    }

    @Test func federalBasicPersonalAmountPhasesOut() throws {
        // At NI 215,648 (midway between 177,882 and 253,414): BPA = 16,129 − 1,591 × 37,766 / 75,532 = 15,333.50.
        let estimate = try Fixture.engine.estimate(Fixture.other(215_648, "AB"))
        let credits = try #require(Fixture.row("Federal non-refundable credits", in: estimate))
        // 14.5% × 15,333.50 = 2,223.3575 → 2,223.36 (half-even).
        #expect(credits == Fixture.money("-2223.36"))
        // Inside the phase-out the marginal rate adds 14.5% × 1,591 / 75,532 = 0.3054% to 29% + AB 13%.
        #expect(estimate.marginalRate == Fixture.money("0.423054"))
    }

    @Test func oasClawbackIsCappedAndDeducted() throws {
        // 2025, ON, pension 100,000 + OAS 8,800; age 70. Line 23400 = 108,800.
        // Recovery = 15% × (108,800 − 93,454) = 2,301.90 (< 8,800). NI = 108,800 − 2,301.90 = 106,498.10.
        var input = TaxInput(year: 2025, province: "ON", age: 70)
        input.income.pension = FixedDecimal(100_000)
        input.income.oas = FixedDecimal(8_800)
        let estimate = try Fixture.engine.estimate(input)
        #expect(estimate.oasRecovery == Fixture.money("2301.9"))
        #expect(estimate.netIncome == Fixture.money("106498.1"))
        #expect(estimate.total == estimate.federal + estimate.provincial + estimate.oasRecovery)
        // With 300,000 of pension the whole 8,800 is repaid.
        input.income.pension = FixedDecimal(300_000)
        #expect(try Fixture.engine.estimate(input).oasRecovery == FixedDecimal(8_800))
    }

    @Test func dividendGrossUpAndCredits() throws {
        // 2025, ON, 10,000 eligible dividends only: grossed up 13,800 = TI.
        // Federal: 14.5% × 13,800 = 2,001 − 14.5% × 16,129 = 2,338.705 → 0 (credits exceed tax) − DTC → 0.
        // With 100,000 of other income as well: federal DTC = 15.0198% × 13,800 = 2,072.7324;
        // Ontario DTC = 10% × 13,800 = 1,380.
        var input = Fixture.other(100_000, "ON")
        input.income.eligibleDividends = FixedDecimal(10_000)
        let estimate = try Fixture.engine.estimate(input)
        #expect(Fixture.row("Federal dividend tax credit", in: estimate) == Fixture.money("-2072.73"))
        #expect(Fixture.row("Ontario dividend tax credit", in: estimate) == Fixture.money("-1380"))
        #expect(estimate.totalIncome == Fixture.money("113800"))
        // Non-eligible: 10,000 × 1.15 = 11,500; federal 9.0301% × 11,500 = 1,038.4615.
        var other = Fixture.other(100_000, "ON")
        other.income.nonEligibleDividends = FixedDecimal(10_000)
        let nonEligible = try Fixture.engine.estimate(other)
        #expect(Fixture.row("Federal dividend tax credit", in: nonEligible) == Fixture.money("-1038.46"))
    }

    @Test func foreignTaxCreditIsCappedAt15PercentThenSplit() throws {
        // 2025, AB, other 100,000 + foreign 10,000 with 3,000 withheld (30%).
        // Creditable 15% × 10,000 = 1,500; the other 1,500 is deducted (ITA 20(11)): NI = 108,500.
        // Federal FTC = min(1,500, basic federal tax × 10,000 / 108,500) — basic tax is ~17,400, so the limit
        // (~1,600) exceeds 1,500 and the whole 1,500 is used federally; nothing is left for Alberta.
        var input = Fixture.other(100_000, "AB")
        input.income.foreign = FixedDecimal(10_000)
        input.income.foreignTaxPaid = FixedDecimal(3_000)
        let estimate = try Fixture.engine.estimate(input)
        #expect(estimate.netIncome == Fixture.money("108500"))
        #expect(Fixture.row("Federal foreign tax credit", in: estimate) == Fixture.money("-1500"))
        #expect(Fixture.row("Alberta foreign tax credit", in: estimate) == nil)
        #expect(estimate.warnings.contains { $0.contains("deducted, not credited") })
    }

    @Test func foreignTaxCreditSpillsToTheProvinceWhenFederalTaxIsLow() throws {
        // 2025, ON, foreign income 30,000 only, 4,500 withheld (15%): NI 30,000.
        // Basic federal = 14.5% × 30,000 − 14.5% × 16,129 = 2,011.295; ratio 1 → federal FTC 2,011.295.
        // Unused 2,488.705; Ontario basic = 5.05% × (30,000 − 12,747) = 871.2765, less the tax reduction
        // (2 × 294 − 871.2765 < 0 → none) → provincial FTC 871.2765, leaving only the health premium
        // min(300, 6% × 10,000) = 300.
        var input = TaxInput(year: 2025, province: "ON")
        input.income.foreign = FixedDecimal(30_000)
        input.income.foreignTaxPaid = FixedDecimal(4_500)
        let estimate = try Fixture.engine.estimate(input)
        #expect(estimate.federal == .zero)
        #expect(Fixture.row("Ontario foreign tax credit", in: estimate) == Fixture.money("-871.28"))
        #expect(estimate.provincial == FixedDecimal(300))
    }

    @Test func rrspDeductionIsCappedAtTheRoomWithAWarning() throws {
        // Room = min(18% × 85,000 = 15,300, 32,490) = 15,300; a 20,000 contribution deducts 15,300.
        var input = Fixture.employment(85_000, "BC")
        input.deductions.rrsp = FixedDecimal(20_000)
        let estimate = try Fixture.engine.estimate(input)
        #expect(estimate.rrspDeduction == FixedDecimal(15_300))
        #expect(estimate.warnings.contains { $0.contains("exceeds the deduction room") })
        input.deductions.rrspRoom = FixedDecimal(40_000)
        #expect(try Fixture.engine.estimate(input).rrspDeduction == FixedDecimal(20_000))
    }

    @Test func britishColumbiaTaxReductionAtLowIncome() throws {
        // 2025, other income 30,000: BC tax 5.06% × (30,000 − 12,932) = 863.6408;
        // reduction 562 − 3.56% × (30,000 − 25,020) = 562 − 177.288 = 384.712 → 478.9288 → 478.93.
        let estimate = try Fixture.engine.estimate(Fixture.other(30_000, "BC"))
        #expect(estimate.provincial == Fixture.money("478.93"))
        #expect(estimate.reductionsApplied == ["British Columbia low-income tax reduction"])
    }

    @Test func ontarioReductionAndLiftAtLowIncome() throws {
        // 2025, employment 20,000: CPP base 4.95% × 16,500 = 816.75; enhanced 165 → NI 19,835; EI 328.
        // ON basic = 5.05% × 19,835 − 5.05% × (12,747 + 816.75 + 328) = 1,001.6675 − 701.533375 = 300.134125.
        // Reduction 2 × 294 − 300.134125 = 287.865875 → 12.26825 left; LIFT min(875, 5.05% × 20,000 = 1,010)
        // = 875, capped at the tax left → 0. No health premium below 20,000.
        let estimate = try Fixture.engine.estimate(Fixture.employment(20_000, "ON"))
        #expect(Fixture.row("Ontario low-income tax reduction", in: estimate) == Fixture.money("-287.87"))
        #expect(Fixture.row("Ontario LIFT credit", in: estimate) == Fixture.money("-12.27"))
        #expect(estimate.provincial == .zero)
        #expect(estimate.reductionsApplied.contains("Ontario LIFT credit"))
    }

    @Test func novaScotiaAndPrinceEdwardIslandLowIncomeReductions() throws {
        // NS 2025, other 18,000: tax 8.79% × (18,000 − 11,744) = 549.9024; LITR 300 − 5% × 3,000 = 150
        // → 399.90. PE 2025, other 24,000: 9.5% × (24,000 − 14,650) = 888.25; LITR 350 − 5% × 1,350 = 282.50
        // → 605.75.
        #expect(try Fixture.engine.estimate(Fixture.other(18_000, "NS")).provincial == Fixture.money("399.9"))
        #expect(try Fixture.engine.estimate(Fixture.other(24_000, "PE")).provincial == Fixture.money("605.75"))
    }

    @Test func quebecAbatementAndQppPayroll() throws {
        // QC 2025, employment 60,000: QPP 6.4% × 56,500 = 3,616; EI 1.31% × 60,000 = 786;
        // QPIP 0.494% × 60,000 = 296.40. Abatement = 16.5% of basic federal tax.
        let estimate = try Fixture.engine.estimate(Fixture.employment(60_000, "QC"))
        #expect(estimate.pensionContributions == FixedDecimal(3_616))
        #expect(estimate.insurancePremiums == Fixture.money("1082.4"))
        let basic = try #require(Fixture.row("Basic federal tax", in: estimate))
        let abatement = try #require(Fixture.row("Refundable Quebec abatement", in: estimate))
        #expect((basic * Fixture.money("-0.165") - abatement).rounded(toPlaces: 2) == .zero)
    }

    @Test func capitalGainsAreHalfIncluded() throws {
        var input = Fixture.other(50_000, "SK")
        input.income.capitalGains = FixedDecimal(20_000)
        let estimate = try Fixture.engine.estimate(input)
        #expect(estimate.taxableIncome == FixedDecimal(60_000))
        #expect(Fixture.row("Taxable capital gains", in: estimate) == FixedDecimal(10_000))
    }

    @Test func chartSplitsTheIncome() throws {
        let estimate = try Fixture.engine.estimate(Fixture.employment(85_000, "ON"))
        let sum = estimate.chart.reduce(FixedDecimal.zero) { $0 + $1.value }
        #expect(sum == FixedDecimal(85_000))
        #expect(
            estimate.chart.map(\.label) == [
                "Income kept", "Federal tax", "Ontario tax", "CPP contributions", "EI premiums",
            ]
        )
    }
}
