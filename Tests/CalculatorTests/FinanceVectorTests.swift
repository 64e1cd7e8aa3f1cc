import Calculator
import Testing

@Suite struct FinanceVectorTests {
    private static func rational(_ text: String?) throws -> Rational {
        let value = try #require(text)
        return try #require(Rational(parsing: value))
    }

    @Test func continuousCompounding() throws {
        let vector = try #require(SharedVector.all.first { $0.id == "fin-005" })
        let params = try #require(vector.params)
        let growth = try CompoundInterest(
            principal: try Self.rational(params["principal"]),
            ratePercent: try Self.rational(params["annual_rate"])
                * Rational(100),
            years: try Self.rational(params["years"]),
            compoundsPerYear: nil
        )
        let final = try #require(growth.schedule().last).balance
        let expected = try Self.rational(vector.expected)
        #expect(final.formatted(significantDigits: 25) == expected.formatted(significantDigits: 25))
    }

    @Test func amortizationUnroundedRowOne() throws {
        let vector = try #require(SharedVector.all.first { $0.id == "fin-011" })
        let loan = try Loan(
            principal: Rational(300_000),
            ratePercent: Rational(6),
            years: Rational(25),
            rounding: .none
        )
        let row = try #require(loan.schedule().first)
        #expect(
            row.principal.formatted(significantDigits: 28)
                == (try Self.rational(vector.expected)).formatted(significantDigits: 28)
        )
    }

    @Test func amortizationCentsRows() throws {
        let loan = try Loan(
            principal: Rational(300_000),
            ratePercent: Rational(6),
            years: Rational(25),
            rounding: .centsHalfUp
        )
        let rows = try loan.schedule().prefix(3).map { row in
            [row.payment, row.interest, row.principal, row.balance].map { MoneyRounding.halfUp.text($0) }
        }
        #expect(
            rows == [
                ["1932.90", "1500.00", "432.90", "299567.10"],
                ["1932.90", "1497.84", "435.06", "299132.04"],
                ["1932.90", "1495.66", "437.24", "298694.80"],
            ]
        )
    }

    @Test func zeroRateLoan() throws {
        let loan = try Loan(principal: Rational(1200), ratePercent: .zero, years: .one)
        #expect(loan.payment == Rational(100))
        #expect(try loan.schedule().allSatisfy { $0.interest.isZero })
    }

    @Test func priceToEarnings() throws {
        let ratios = try StockRatios(price: Rational(150), earningsPerShare: try Self.rational("6.25"))
        #expect(ratios.priceToEarnings == Rational(24))
    }

    @Test func compoundAnnualGrowthRate() throws {
        let vector = try #require(SharedVector.all.first { $0.id == "fin-023" })
        let rate = try GrowthRate.compoundAnnual(start: Rational(10_000), end: Rational(20_000), years: Rational(5))
        #expect(rate == (try Self.rational(vector.expected)).formatted(significantDigits: 15))
    }
}
