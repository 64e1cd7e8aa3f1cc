/// Valuation ratios from per-share figures. Each ratio is present only when its inputs are given and meaningful.
public struct StockRatios: Sendable, Hashable {
    /// Price / earnings per share (absent for zero or negative earnings).
    public var priceToEarnings: Rational?
    /// Earnings per share / price, in percent.
    public var earningsYieldPercent: Rational?
    /// Dividend per share / price, in percent.
    public var dividendYieldPercent: Rational?
    /// Dividend per share / earnings per share, in percent.
    public var payoutRatioPercent: Rational?
    /// Price / book value per share.
    public var priceToBook: Rational?
    /// Net income / shareholders' equity (or EPS / book value per share), in percent.
    public var returnOnEquityPercent: Rational?
    /// Price × shares outstanding.
    public var marketCapitalization: Rational?
    /// Why a ratio was left out.
    public var notes: [String] = []

    /// - Throws: ``CalculatorError`` `invalid_argument` when the price is not positive or a figure is negative
    ///   where it cannot be.
    public init(
        price: Rational,
        earningsPerShare: Rational? = nil,
        dividendPerShare: Rational? = nil,
        bookValuePerShare: Rational? = nil,
        netIncome: Rational? = nil,
        shareholdersEquity: Rational? = nil,
        sharesOutstanding: Rational? = nil
    ) throws {
        guard price.signum > 0 else { throw CalculatorError(.invalidArgument, "price must be > 0", field: "price") }
        let hundred = Rational(100)
        if let eps = earningsPerShare {
            earningsYieldPercent = eps / price * hundred
            if eps.signum > 0 {
                priceToEarnings = price / eps
            } else {
                notes.append("P/E is not meaningful for zero or negative earnings")
            }
        }
        if let dps = dividendPerShare {
            guard dps.signum >= 0 else {
                throw CalculatorError(.invalidArgument, "dividendPerShare must be >= 0", field: "dividendPerShare")
            }
            dividendYieldPercent = dps / price * hundred
            if let eps = earningsPerShare, eps.signum > 0 { payoutRatioPercent = dps / eps * hundred }
        }
        if let book = bookValuePerShare {
            if book.signum > 0 {
                priceToBook = price / book
            } else {
                notes.append("P/B is not meaningful for zero or negative book value")
            }
        }
        if let income = netIncome, let equity = shareholdersEquity {
            if equity.signum > 0 { returnOnEquityPercent = income / equity * hundred }
        } else if let eps = earningsPerShare, let book = bookValuePerShare, book.signum > 0 {
            returnOnEquityPercent = eps / book * hundred
        }
        if let shares = sharesOutstanding { marketCapitalization = price * shares }
    }
}

/// Compound annual growth rate: (end / start)^(1 / years) − 1.
public enum GrowthRate {
    /// The CAGR as a fraction, correctly rounded to `digits` significant digits.
    /// - Throws: ``CalculatorError`` `invalid_argument` when start or years is not positive or end is negative.
    public static func compoundAnnual(
        start: Rational,
        end: Rational,
        years: Rational,
        digits: Int = 15
    ) throws
        -> String
    {
        guard start.signum > 0 else { throw CalculatorError(.invalidArgument, "start must be > 0", field: "start") }
        guard end.signum >= 0 else { throw CalculatorError(.invalidArgument, "end must be >= 0", field: "end") }
        guard years.signum > 0 else { throw CalculatorError(.invalidArgument, "years must be > 0", field: "years") }
        let ratio = end / start
        if ratio.isZero { return "-1" }
        let expression = "(\(ratio.fractionText))^(1/(\(years.fractionText))) - 1"
        do {
            let result = try ExpressionCalculator.evaluate(expression, options: .init(digits: digits))
            return result.approx ?? result.value
        } catch var error as CalculatorError {
            // The expression is this function's own: a growth too large to compute is the arguments' doing.
            error.field = "years"
            error.position = nil
            error.message = "the growth from start to end in years is too large to compute"
            throw error
        }
    }
}
