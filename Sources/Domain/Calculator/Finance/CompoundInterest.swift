/// Growth of a deposit with periodic or continuous compounding and optional regular contributions.
public struct CompoundInterest: Sendable {
    /// When contributions are made within each contribution period.
    public enum Timing: String, Sendable, Hashable, Codable {
        case start, end
    }

    /// One year of the schedule; money rounded for display, carried exactly.
    public struct Year: Sendable, Hashable {
        public var year: Int
        public var contributions: Rational
        public var interest: Rational
        public var balance: Rational
    }

    public var principal: Rational
    /// The nominal annual rate in percent.
    public var ratePercent: Rational
    public var years: Rational
    /// Compounding periods per year; `nil` for continuous compounding.
    public var compoundsPerYear: Int?
    public var contribution: Rational
    public var contributionsPerYear: Int
    public var timing: Timing

    /// - Throws: ``CalculatorError`` `invalid_argument` for negative amounts, a non-positive period count, or a
    ///   term that is not a whole number of contribution periods, is over 20,000 of them, or over 200 years.
    public init(
        principal: Rational,
        ratePercent: Rational,
        years: Rational,
        compoundsPerYear: Int? = 12,
        contribution: Rational = .zero,
        contributionsPerYear: Int? = nil,
        timing: Timing = .end
    ) throws {
        guard principal.signum >= 0 else {
            throw CalculatorError(.invalidArgument, "principal must be >= 0", field: "principal")
        }
        guard years.signum > 0 else { throw CalculatorError(.invalidArgument, "years must be > 0", field: "years") }
        guard ratePercent > Rational(-100) else {
            throw CalculatorError(.invalidArgument, "ratePercent must be > -100", field: "ratePercent")
        }
        if let compoundsPerYear, !(1...366).contains(compoundsPerYear) {
            throw CalculatorError(.invalidArgument, "compoundsPerYear must be 1 to 366", field: "compoundsPerYear")
        }
        let perYear = contributionsPerYear ?? compoundsPerYear ?? 12
        guard (1...366).contains(perYear) else {
            throw CalculatorError(
                .invalidArgument,
                "contributionsPerYear must be 1 to 366",
                field: "contributionsPerYear"
            )
        }
        let periods = years * Rational(perYear)
        guard periods.isInteger, years <= Rational(200), let count = periods.intValue, count <= 20_000 else {
            throw CalculatorError(
                .invalidArgument,
                "years must be a whole number of contribution periods (at most 20000), up to 200",
                field: "years"
            )
        }
        self.principal = principal
        self.ratePercent = ratePercent
        self.years = years
        self.compoundsPerYear = compoundsPerYear
        self.contribution = contribution
        self.contributionsPerYear = perYear
        self.timing = timing
    }

    private var rate: Rational { ratePercent / Rational(100) }

    /// The growth factor over one contribution period: exact when compounding and contributions line up
    /// (or one is a multiple of the other), else to about 60 significant digits.
    var periodGrowth: Rational {
        let m = Rational(contributionsPerYear)
        guard let n = compoundsPerYear else { return BigFloat.rationalExp(rate / m) }
        let perPeriod = Rational.one + rate / Rational(n)
        let ratio = Rational(n) / m
        if let whole = ratio.intValue { return perPeriod.power(whole) }
        return BigFloat.rationalPower(perPeriod, ratio)
    }

    /// The effective annual rate, as a fraction.
    public var effectiveAnnualRate: Rational {
        periodGrowth.compoundedPower(contributionsPerYear) - .one
    }

    /// The yearly schedule; the last row's balance is the final amount.
    /// - Throws: `CancellationError` when the calling task is cancelled (checked before each period), so that a
    ///   request past its deadline frees its worker slot.
    public func schedule() throws -> [Year] {
        let growth = periodGrowth
        let periods = (years * Rational(contributionsPerYear)).intValue ?? 0
        var balance = principal
        var rows: [Year] = []
        var yearContributions = Rational.zero
        var yearInterest = Rational.zero
        for period in 1...max(periods, 1) where periods > 0 {
            try Task.checkCancellation()
            if timing == .start { balance = balance + contribution }
            // Truncated to 40 places once past 320 bits: an inexact growth factor (220 bits) would otherwise carry
            // 1,024-bit fractions through every period, at milliseconds each.
            let grown = (balance * growth).bounded(bits: 320)
            yearInterest = yearInterest + (grown - balance)
            balance = grown
            if timing == .end { balance = balance + contribution }
            yearContributions = yearContributions + contribution
            if period % contributionsPerYear == 0 || period == periods {
                rows.append(
                    Year(
                        year: (period + contributionsPerYear - 1) / contributionsPerYear,
                        contributions: yearContributions,
                        interest: yearInterest,
                        balance: balance
                    )
                )
                yearContributions = .zero
                yearInterest = .zero
            }
        }
        return rows
    }
}
