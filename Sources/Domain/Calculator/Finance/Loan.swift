import BigInt

/// A fixed-rate loan: the level payment, its amortization schedule, and the effect of extra payments.
///
/// The periodic rate is the nominal rate divided by the compounding frequency and converted to the payment
/// frequency: Canadian mortgages compound semi-annually, so a 6 % mortgage paid monthly uses
/// (1 + 0.06/2)^(2/12) − 1 per month.
public struct Loan: Sendable {
    /// How schedule rows are rounded.
    public enum Rounding: String, Sendable, Hashable, Codable {
        /// Bank style: payment and each row's interest rounded to cents half-even; the last payment absorbs the
        /// difference.
        case cents
        /// As `cents`, rounding half up (what Python's ROUND_HALF_UP schedules produce).
        case centsHalfUp = "cents_half_up"
        /// Rows carried exactly; amounts shown to the requested significant digits.
        case none
    }

    /// One payment.
    public struct Row: Sendable, Hashable {
        public var period: Int
        public var payment: Rational
        public var interest: Rational
        public var principal: Rational
        public var balance: Rational
    }

    public var principal: Rational
    public var ratePercent: Rational
    public var years: Rational
    public var paymentsPerYear: Int
    /// Compounding periods per year (default: the payment frequency).
    public var compoundsPerYear: Int
    /// Paid on top of the scheduled payment every period.
    public var extraPayment: Rational
    public var rounding: Rounding

    /// - Throws: ``CalculatorError`` `invalid_argument` for amounts or periods out of range.
    public init(
        principal: Rational,
        ratePercent: Rational,
        years: Rational,
        paymentsPerYear: Int = 12,
        compoundsPerYear: Int? = nil,
        extraPayment: Rational = .zero,
        rounding: Rounding = .cents
    ) throws {
        guard principal.signum > 0 else {
            throw CalculatorError(.invalidArgument, "principal must be > 0", field: "principal")
        }
        guard ratePercent.signum >= 0, ratePercent <= Rational(1000) else {
            throw CalculatorError(.invalidArgument, "ratePercent must be from 0 to 1000", field: "ratePercent")
        }
        guard (1...366).contains(paymentsPerYear) else {
            throw CalculatorError(.invalidArgument, "paymentsPerYear must be 1 to 366", field: "paymentsPerYear")
        }
        let count = years * Rational(paymentsPerYear)
        guard years.signum > 0, count.isInteger, let n = count.intValue, n <= 20_000 else {
            throw CalculatorError(
                .invalidArgument,
                "years must give a whole number of payments (at most 20000)",
                field: "years"
            )
        }
        guard extraPayment.signum >= 0 else {
            throw CalculatorError(.invalidArgument, "extraPayment must be >= 0", field: "extraPayment")
        }
        self.principal = principal
        self.ratePercent = ratePercent
        self.years = years
        self.paymentsPerYear = paymentsPerYear
        self.compoundsPerYear = compoundsPerYear ?? paymentsPerYear
        guard (1...366).contains(self.compoundsPerYear) else {
            throw CalculatorError(.invalidArgument, "compounding must be 1 to 366 periods a year", field: "compounding")
        }
        self.extraPayment = extraPayment
        self.rounding = rounding
    }

    /// The number of scheduled payments.
    public var paymentCount: Int { (years * Rational(paymentsPerYear)).intValue ?? 0 }

    /// The rate per payment period, exact when compounding matches payments, else to about 60 digits.
    public var periodicRate: Rational {
        let nominal = ratePercent / Rational(100) / Rational(compoundsPerYear)
        let ratio = Rational(compoundsPerYear) / Rational(paymentsPerYear)
        if let whole = ratio.intValue { return (Rational.one + nominal).power(whole) - .one }
        return BigFloat.rationalPower(.one + nominal, ratio) - .one
    }

    /// The level payment P·i / (1 − (1 + i)^−n), or P/n at a zero rate; unrounded.
    public var exactPayment: Rational {
        let i = periodicRate
        let n = paymentCount
        if i.isZero { return principal / Rational(n) }
        let growth = Rational.one + i
        // An inexact rate (semi-annual compounding) or a long term is carried to 256 bits rather than as a huge
        // fraction: far past the 30 significant digits `exactPayment` shows.
        let compounded = growth.compoundedPower(n)
        return (principal * i * compounded / (compounded - .one)).bounded(bits: 1024, places: 60)
    }

    /// The payment as scheduled: rounded to cents unless `rounding` is `none`.
    public var payment: Rational {
        switch rounding {
        case .cents: MoneyRounding.halfEven.round(exactPayment)
        case .centsHalfUp: MoneyRounding.halfUp.round(exactPayment)
        case .none: exactPayment
        }
    }

    /// The full amortization schedule; with extra payments it ends early.
    /// - Throws: `CancellationError` when the calling task is cancelled (checked before each payment), so that a
    ///   request past its deadline frees its worker slot.
    public func schedule() throws -> [Row] {
        let i = periodicRate
        let scheduled = payment + extraPayment
        let money: MoneyRounding? =
            switch rounding {
            case .cents: .halfEven
            case .centsHalfUp: .halfUp
            case .none: nil
            }
        var balance = principal
        var rows: [Row] = []
        rows.reserveCapacity(paymentCount)
        for period in 1...paymentCount where balance.signum > 0 {
            try Task.checkCancellation()
            var interest = (balance * i).bounded()
            if let money { interest = money.round(interest) }
            var principalPart = scheduled - interest
            if principalPart >= balance || period == paymentCount { principalPart = balance }
            balance = balance - principalPart
            rows.append(
                Row(
                    period: period,
                    payment: interest + principalPart,
                    interest: interest,
                    principal: principalPart,
                    balance: balance
                )
            )
        }
        return rows
    }
}
