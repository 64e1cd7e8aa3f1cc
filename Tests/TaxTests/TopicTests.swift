import Testing

@testable import Tax

@Suite struct TopicTests {
    /// Ontario, 85,000 of employment income, 2025: the marginal band is 20.5% + 9.15% = 29.65% from NI 57,375
    /// to 105,775 (health premium already capped at 750), so changes of a few thousand dollars inside it cost or
    /// save exactly 29.65%.
    static let situation = Fixture.employment(85_000, "ON")

    static func ask(
        _ topic: String,
        _ amount: Int,
        foreignTax: Int = 0,
        kind: TaxTopicRequest.DividendKind = .eligible
    ) throws -> TaxTopicResult {
        try Fixture.engine.topic(
            TaxTopicRequest(
                topic: topic,
                situation: situation,
                amount: FixedDecimal(amount),
                foreignTaxPaid: FixedDecimal(foreignTax),
                dividendKind: kind
            )
        )
    }

    @Test func rrspContributionSavesTaxAtTheMarginalRate() throws {
        // 5,000 × 29.65% = 1,482.50.
        let result = try Self.ask("rrsp", 5_000)
        #expect(result.taxChange == Fixture.money("-1482.5"))
        let netCost = result.breakdown.first { $0.label == "Net cost of the contribution" }
        #expect(netCost?.amount == Fixture.money("3517.5"))
        #expect(result.summary.contains("saves $1,482.50"))
    }

    @Test func interestIsTaxedAtTheMarginalRate() throws {
        // 2,000 × 29.65% = 593.
        #expect(try Self.ask("interest", 2_000).taxChange == FixedDecimal(593))
    }

    @Test func eligibleDividendsEarnCredits() throws {
        // 1,000 × 1.38 = 1,380 taxed at 29.65% = 409.17, less 15.0198% + 10% of 1,380 = 345.2732
        // → 63.8968 → 63.90.
        #expect(try Self.ask("dividend", 1_000).taxChange == Fixture.money("63.9"))
        // Non-eligible: 1,150 × 29.65% = 340.975 − (9.0301% + 2.9863%) × 1,150 = 138.1886 → 202.7864 → 202.79.
        #expect(try Self.ask("dividend", 1_000, kind: .nonEligible).taxChange == Fixture.money("202.79"))
    }

    @Test func foreignIncomeNetsTheForeignTaxCredit() throws {
        // 1,000 at 29.65% = 296.50 of Canadian tax, less 150 of foreign tax credited (about 126.80 federally,
        // limited to basic federal tax × 1,000 / 84,926, and the rest provincially): +146.50; kept 1,000 − 146.50
        // − 150 withheld = 703.50. Federal and provincial tax are each rounded to the cent, so allow one cent.
        let result = try Self.ask("foreign", 1_000, foreignTax: 150)
        let change = result.taxChange - Fixture.money("146.5")
        #expect(max(change, -change) <= Fixture.money("0.01"))
        #expect(result.breakdown.contains { $0.label == "Federal foreign tax credit" } == false)
        #expect(result.after.breakdown.contains { $0.label == "Ontario foreign tax credit" })
    }

    @Test func oasTopicShowsTheClawback() throws {
        // With 100,000 of pension (age 70): recovery 15% × (100,000 + 8,000 − 93,454) = 2,181.90.
        var situation = TaxInput(year: 2025, province: "ON", age: 70)
        situation.income.pension = FixedDecimal(100_000)
        let result = try Fixture.engine.topic(
            TaxTopicRequest(
                topic: "oas",
                situation: situation,
                amount: FixedDecimal(8_000)
            )
        )
        #expect(result.after.oasRecovery == Fixture.money("2181.9"))
        #expect(result.summary.contains("clawed back"))
    }

    @Test func employmentTopicIncludesPayroll() throws {
        // Above the YAMPE (81,200) and EI maximum no payroll changes: 1,000 × 29.65% = 296.50.
        let result = try Self.ask("employment", 1_000)
        #expect(result.taxChange == Fixture.money("296.5"))
        #expect(result.breakdown.last?.amount == Fixture.money("703.5"))
    }

    @Test func deductionsSaveAtTheMarginalRate() throws {
        #expect(try Self.ask("deductions", 1_000).taxChange == Fixture.money("-296.5"))
    }

    @Test func creditsTopicListsTheCredits() throws {
        // 3,194.87 federal + 867.62 Ontario (see ScenarioTests.ontarioEmployment85000).
        let result = try Self.ask("credits", 0)
        #expect(result.breakdown.last?.amount == Fixture.money("-4062.49"))
        #expect(result.taxChange == .zero)
    }

    @Test(arguments: TaxTopics.all)
    func everyTopicHasTextAndAnAnswer(_ topic: TaxTopic) throws {
        #expect(!topic.definition.isEmpty && !topic.instruction.isEmpty && !topic.tip.isEmpty)
        #expect(!(try Self.ask(topic.id, 1_000).breakdown.isEmpty))
    }

    @Test func searchFindsTopicsByWords() {
        #expect(TaxTopics.search("OAS recovery").map(\.id) == ["oas"])
        #expect(TaxTopics.search("clawback").map(\.id).contains("oas"))
        #expect(TaxTopics.search("RÉTIREMENT savings").map(\.id) == ["rrsp"])
        #expect(TaxTopics.search("").count == TaxTopics.all.count)
        #expect(TaxTopics.search("bitcoin mining").isEmpty)
    }
}
