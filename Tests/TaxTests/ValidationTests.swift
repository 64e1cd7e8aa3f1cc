import Testing

@testable import Tax

@Suite struct ValidationTests {
    static func error(_ input: TaxInput) -> TaxError? {
        do {
            _ = try Fixture.engine.estimate(input)
            return nil
        } catch {
            return error as? TaxError
        }
    }

    @Test func unknownProvince() {
        #expect(Self.error(Fixture.other(1, "XX"))?.field == "province")
        #expect(Self.error(Fixture.other(1, "XX"))?.code == .unknownJurisdiction)
        #expect(Self.error(Fixture.other(1, "on")) == nil)
    }

    @Test func yearWithoutData() {
        let error = Self.error(Fixture.other(1, "ON", year: 1999))
        #expect(error?.field == "year")
        #expect(error?.code == .yearNotAvailable)
    }

    @Test func negativeAndFractionalCentAmounts() {
        var input = Fixture.other(1, "ON")
        input.income.interest = FixedDecimal(-5)
        #expect(Self.error(input)?.field == "income.interest")
        input.income.interest = Fixture.money("1.005")
        #expect(Self.error(input)?.field == "income.interest")
        input.income.interest = .zero
        input.deductions.rrsp = FixedDecimal(-1)
        #expect(Self.error(input)?.field == "deductions.rrsp")
    }

    @Test func foreignTaxAboveForeignIncome() {
        var input = Fixture.other(1, "ON")
        input.income.foreign = FixedDecimal(100)
        input.income.foreignTaxPaid = FixedDecimal(101)
        #expect(Self.error(input)?.field == "income.foreignTaxPaid")
    }

    @Test func ageOutOfRange() {
        var input = Fixture.other(1, "ON")
        input.age = 200
        #expect(Self.error(input)?.field == "age")
    }

    @Test func unknownTopicAndNegativeTopicAmount() {
        let situation = Fixture.other(1, "ON")
        #expect(throws: TaxError.self) {
            try Fixture.engine.topic(TaxTopicRequest(topic: "lottery", situation: situation))
        }
        do {
            _ = try Fixture.engine.topic(TaxTopicRequest(topic: "rrsp", situation: situation, amount: FixedDecimal(-1)))
            Issue.record("expected an error")
        } catch let error as TaxError {
            #expect(error.field == "amount")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
