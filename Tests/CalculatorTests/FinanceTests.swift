import Calculator
import Testing

@Suite struct FinanceTests {
    @Test func monthlyCompoundingMatchesClosedForm() throws {
        // 10000 at 5 % monthly for 10 years: 10000·(1 + 0.05/12)^120 = 16470.09...
        let growth = try CompoundInterest(principal: Rational(10_000), ratePercent: Rational(5), years: Rational(10))
        let schedule = try growth.schedule()
        #expect(schedule.count == 10)
        #expect(MoneyRounding.halfEven.text(try #require(schedule.last).balance) == "16470.09")
    }

    @Test func aScheduleOfOver20000PeriodsIsRefusedAndACancelledOneStops() async throws {
        #expect(throws: CalculatorError.self) {
            try CompoundInterest(principal: .one, ratePercent: Rational(5), years: Rational(60), compoundsPerYear: 366)
        }
        let long = try CompoundInterest(
            principal: .one,
            ratePercent: Rational(5),
            years: Rational(50),
            compoundsPerYear: 365
        )
        let loan = try Loan(
            principal: Rational(1000),
            ratePercent: Rational(5),
            years: Rational(2),
            paymentsPerYear: 365
        )
        // Each task is cancelled before its schedule starts: the check before the first period stops it.
        let growthTask = Task { () throws -> Int in
            withUnsafeCurrentTask { $0?.cancel() }
            return try long.schedule().count
        }
        let loanTask = Task { () throws -> Int in
            withUnsafeCurrentTask { $0?.cancel() }
            return try loan.schedule().count
        }
        await #expect(throws: CancellationError.self) { try await growthTask.value }
        await #expect(throws: CancellationError.self) { try await loanTask.value }
    }

    @Test func effectiveRatesAreExactWhenShortAndRoundedWhenApproximated() throws {
        let monthly = try CompoundInterest(principal: Rational(1), ratePercent: Rational(6), years: Rational(1))
        #expect(
            (monthly.effectiveAnnualRate * Rational(100)).display(digits: 12) == "6.1677811864499568789707617431640625"
        )
        // e^0.05 is a binary approximation whose exact decimal runs to hundreds of places: written to 12 digits.
        let continuous = try CompoundInterest(
            principal: Rational(1),
            ratePercent: Rational(5),
            years: Rational(1),
            compoundsPerYear: nil
        )
        #expect((continuous.effectiveAnnualRate * Rational(100)).display(digits: 12) == "5.1271096376")
    }

    @Test func contributionsAtStartEarnOnePeriodMore() throws {
        let end = try CompoundInterest(
            principal: .zero,
            ratePercent: Rational(12),
            years: .one,
            compoundsPerYear: 12,
            contribution: Rational(100)
        )
        let start = try CompoundInterest(
            principal: .zero,
            ratePercent: Rational(12),
            years: .one,
            compoundsPerYear: 12,
            contribution: Rational(100),
            timing: .start
        )
        let endBalance = try #require(end.schedule().last).balance
        let startBalance = try #require(start.schedule().last).balance
        // Annuity due = ordinary annuity × (1 + i): 1268.25 × 1.01 = 1280.93.
        #expect(MoneyRounding.halfEven.text(endBalance) == "1268.25")
        #expect(startBalance == endBalance * (try #require(Rational(parsing: "1.01"))))
    }

    @Test func canadianMortgageCompoundsSemiannually() throws {
        // 300000 over 25 years at 6 % compounded semi-annually, paid monthly: i = 1.03^(1/6) − 1, payment 1919.42.
        let loan = try Loan(
            principal: Rational(300_000),
            ratePercent: Rational(6),
            years: Rational(25),
            compoundsPerYear: 2
        )
        #expect(MoneyRounding.halfEven.text(loan.payment) == "1919.42")
        let schedule = try loan.schedule()
        #expect(schedule.count == 300)
        #expect(try #require(schedule.last).balance.isZero)
    }

    @Test func extraPaymentsShortenTheLoan() throws {
        let loan = try Loan(
            principal: Rational(300_000),
            ratePercent: Rational(6),
            years: Rational(25),
            extraPayment: Rational(500)
        )
        let schedule = try loan.schedule()
        #expect(schedule.count < 300)
        #expect(try #require(schedule.last).balance.isZero)
        let total = schedule.reduce(Rational.zero) { $0 + $1.principal }
        #expect(total == Rational(300_000))
    }

    @Test func scheduleSumsToPrincipal() throws {
        let loan = try Loan(principal: Rational(25_000), ratePercent: Rational(7), years: Rational(5))
        let schedule = try loan.schedule()
        #expect(schedule.reduce(Rational.zero) { $0 + $1.principal } == Rational(25_000))
        #expect(schedule.count == 60)
    }

    @Test func ratiosFromPerShareFigures() throws {
        let ratios = try StockRatios(
            price: Rational(50),
            earningsPerShare: Rational(4),
            dividendPerShare: Rational(2),
            bookValuePerShare: Rational(25)
        )
        #expect(ratios.dividendYieldPercent == Rational(4))
        #expect(ratios.payoutRatioPercent == Rational(50))
        #expect(ratios.priceToBook == Rational(2))
        #expect(ratios.returnOnEquityPercent == Rational(16))
        #expect(ratios.earningsYieldPercent == Rational(8))
    }

    @Test func negativeEarningsHaveNoPriceToEarnings() throws {
        let ratios = try StockRatios(price: Rational(10), earningsPerShare: Rational(-1))
        #expect(ratios.priceToEarnings == nil)
        #expect(!ratios.notes.isEmpty)
    }

    @Test func badInputsAreTyped() {
        #expect(throws: CalculatorError.self) { try Loan(principal: .zero, ratePercent: .one, years: .one) }
        #expect(throws: CalculatorError.self) { try StockRatios(price: .zero) }
    }
}
