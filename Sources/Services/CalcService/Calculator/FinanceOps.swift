import Calculator
import Dates
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `compoundInterest`, `loan`, `stockRatios`, `cagr`, `currency` and `rates`.
    mutating func registerFinanceOps(rates: RatesTable?) {
        register(
            "compoundInterest",
            summary: "Growth with periodic or continuous compounding and contributions",
            schema: FinanceSchemas.compound
        ) { (args: CompoundArgs, _: OpContext) in
            try CompoundResult(args)
        }
        register(
            "loan",
            summary: "Loan payment, total interest and the amortization schedule",
            schema: FinanceSchemas.loan
        ) { (args: LoanArgs, _: OpContext) in
            try LoanResult(args)
        }
        registerInline(
            "stockRatios",
            summary: "P/E, earnings and dividend yield, payout ratio, P/B, ROE",
            schema: FinanceSchemas.ratios
        ) { (args: RatiosArgs, _: OpContext) in
            try RatiosResult(args)
        }
        register(
            "cagr",
            summary: "Compound annual growth rate between two values",
            schema: FinanceSchemas.cagr
        ) { (args: CagrArgs, _: OpContext) in
            let rate = try GrowthRate.compoundAnnual(
                start: try args.start.rational("start"),
                end: try args.end.rational("end"),
                years: try args.years.rational("years"),
                digits: try checkedDigits(args.digits)
            )
            return CagrResult(rate: rate, ratePercent: try percent(rate))
        }
        registerInline(
            "currency",
            summary: "Converts money with the loaded reference rates (cross rates via EUR)",
            schema: FinanceSchemas.currency
        ) { (args: CurrencyArgs, _: OpContext) in
            try CurrencyResult(args, table: try loaded(rates))
        }
        registerInline("rates", summary: "The loaded reference rates", schema: FinanceSchemas.rates) {
            (args: RatesArgs, _: OpContext) in
            try RatesResult(table: try loaded(rates), asOf: args.asOf)
        }
    }
}

private func loaded(_ rates: RatesTable?) throws -> RatesTable {
    guard let rates else {
        throw WireError(
            .failedPrecondition,
            "no rates are loaded: start reckon-calc with --rates-file or "
                + "RECKON_RATES_FILE"
        )
    }
    return rates
}

/// A decimal fraction string written in percent (`0.1486983549970` → `14.86983549970`), exactly.
private func percent(_ fraction: String) throws -> String {
    guard let value = Rational(parsing: fraction) else { return fraction }
    return (value * Rational(100)).display()
}

/// Money to cents, half-even.
func cents(_ value: Rational) -> String { MoneyRounding.halfEven.text(value) }

struct CompoundArgs: Decodable, Sendable {
    var principal: NumberText
    var ratePercent: NumberText
    var years: NumberText
    /// A count per year, or `"continuous"`.
    var compoundsPerYear: NumberText?
    var contribution: NumberText?
    var contributionsPerYear: Int?
    var contributionTiming: CompoundInterest.Timing?
}

struct CompoundResult: Encodable, Sendable {
    struct Year: Encodable, Sendable {
        var year: Int
        var contributions: String
        var interest: String
        var balance: String
    }

    var finalAmount: String
    var totalContributions: String
    var totalInterest: String
    var effectiveAnnualRatePercent: String
    var schedule: [Year]
    var rounding =
        "amounts carried exactly (to 40 decimal places over long terms), rounded half-even to cents only "
        + "for display"

    init(_ args: CompoundArgs) throws {
        let perYear: Int?
        switch args.compoundsPerYear?.text.lowercased() {
        case nil: perYear = 12
        case "continuous": perYear = nil
        case .some(let text):
            guard let count = Int(text) else {
                throw CalculatorError(
                    .invalidArgument,
                    "compoundsPerYear must be a count or \"continuous\"",
                    field: "compoundsPerYear"
                )
            }
            perYear = count
        }
        let principal = try args.principal.rational("principal")
        let contribution = try args.contribution?.rational("contribution") ?? .zero
        let growth = try CompoundInterest(
            principal: principal,
            ratePercent: try args.ratePercent.rational("ratePercent"),
            years: try args.years.rational("years"),
            compoundsPerYear: perYear,
            contribution: contribution,
            contributionsPerYear: args.contributionsPerYear,
            timing: args.contributionTiming ?? .end
        )
        let rows = growth.schedule()
        let final = rows.last?.balance ?? principal
        let contributed = rows.reduce(Rational.zero) { $0 + $1.contributions }
        finalAmount = cents(final)
        totalContributions = cents(contributed)
        totalInterest = cents(final - principal - contributed)
        effectiveAnnualRatePercent = (growth.effectiveAnnualRate * Rational(100)).display(digits: 12)
        schedule = rows.map {
            Year(
                year: $0.year,
                contributions: cents($0.contributions),
                interest: cents($0.interest),
                balance: cents($0.balance)
            )
        }
    }
}

struct LoanArgs: Decodable, Sendable {
    var principal: NumberText
    var ratePercent: NumberText
    var years: NumberText
    var paymentsPerYear: Int?
    /// `"semiannual"` (Canadian mortgages), `"annual"`, `"monthly"`, ... or a count per year; default: the payment
    /// frequency.
    var compounding: NumberText?
    var extraPayment: NumberText?
    /// `cents` (default), `cents_half_up` (or `cents_half_up_each_row`), or `none`.
    var rounding: String?
    var digits: Int?
    /// Leave the schedule out of the reply.
    var scheduleOmitted: Bool?
}

struct LoanResult: Encodable, Sendable {
    struct Row: Encodable, Sendable {
        var period: Int
        var payment: String
        var interest: String
        var principal: String
        var balance: String
    }

    var payment: String
    var exactPayment: String
    var periodicRatePercent: String
    var numberOfPayments: Int
    var totalPaid: String
    var totalInterest: String
    var rounding: String
    var schedule: [Row]?

    init(_ args: LoanArgs) throws {
        let mode: Loan.Rounding
        switch args.rounding?.lowercased() {
        case nil, "cents", "cents_half_even", "cents_half_even_each_row": mode = .cents
        case "cents_half_up", "cents_half_up_each_row": mode = .centsHalfUp
        case "none": mode = .none
        default:
            throw CalculatorError(.invalidArgument, "rounding must be cents, cents_half_up or none", field: "rounding")
        }
        let loan = try Loan(
            principal: try args.principal.rational("principal"),
            ratePercent: try args.ratePercent.rational("ratePercent"),
            years: try args.years.rational("years"),
            paymentsPerYear: args.paymentsPerYear ?? 12,
            compoundsPerYear: try Self.compounding(args.compounding),
            extraPayment: try args.extraPayment?.rational("extraPayment") ?? .zero,
            rounding: mode
        )
        let digits = try checkedDigits(args.digits)
        let show: (Rational) -> String =
            switch mode {
            case .cents: { MoneyRounding.halfEven.text($0) }
            case .centsHalfUp: { MoneyRounding.halfUp.text($0) }
            case .none: { $0.display(digits: digits) }
            }
        let rows = loan.schedule()
        let paid = rows.reduce(Rational.zero) { $0 + $1.payment }
        let principal = try args.principal.rational("principal")
        payment = show(loan.payment)
        exactPayment = loan.exactPayment.display(digits: 30)
        periodicRatePercent = (loan.periodicRate * Rational(100)).display(digits: 15)
        numberOfPayments = rows.count
        totalPaid = show(paid)
        totalInterest = show(paid - principal)
        rounding =
            switch mode {
            case .cents: "payment and each row's interest rounded half-even to cents; the last payment absorbs the rest"
            case .centsHalfUp:
                "payment and each row's interest rounded half-up to cents; the last payment absorbs the rest"
            case .none: "rows carried exactly; shown to \(digits) significant digits"
            }
        schedule =
            args.scheduleOmitted == true
            ? nil
            : rows.map {
                Row(
                    period: $0.period,
                    payment: show($0.payment),
                    interest: show($0.interest),
                    principal: show($0.principal),
                    balance: show($0.balance)
                )
            }
    }

    private static func compounding(_ value: NumberText?) throws -> Int? {
        guard let text = value?.text.lowercased() else { return nil }
        switch text {
        case "annual", "annually", "yearly": return 1
        case "semiannual", "semi-annual", "semiannually": return 2
        case "quarterly": return 4
        case "monthly": return 12
        case "biweekly": return 26
        case "weekly": return 52
        case "daily": return 365
        default:
            guard let count = Int(text) else {
                throw CalculatorError(
                    .invalidArgument,
                    "compounding must be semiannual, monthly, ... or a count",
                    field: "compounding"
                )
            }
            return count
        }
    }
}

struct RatiosArgs: Decodable, Sendable {
    var price: NumberText
    var earningsPerShare: NumberText?
    var dividendPerShare: NumberText?
    var bookValuePerShare: NumberText?
    var netIncome: NumberText?
    var shareholdersEquity: NumberText?
    var sharesOutstanding: NumberText?
    var digits: Int?
}

struct RatiosResult: Encodable, Sendable {
    var priceToEarnings: String?
    var earningsYieldPercent: String?
    var dividendYieldPercent: String?
    var payoutRatioPercent: String?
    var priceToBook: String?
    var returnOnEquityPercent: String?
    var marketCapitalization: String?
    var notes: [String]

    init(_ args: RatiosArgs) throws {
        let ratios = try StockRatios(
            price: try args.price.rational("price"),
            earningsPerShare: try args.earningsPerShare?.rational("earningsPerShare"),
            dividendPerShare: try args.dividendPerShare?.rational("dividendPerShare"),
            bookValuePerShare: try args.bookValuePerShare?.rational("bookValuePerShare"),
            netIncome: try args.netIncome?.rational("netIncome"),
            shareholdersEquity: try args.shareholdersEquity?.rational("shareholdersEquity"),
            sharesOutstanding: try args.sharesOutstanding?.rational("sharesOutstanding")
        )
        let digits = try checkedDigits(args.digits)
        priceToEarnings = ratios.priceToEarnings?.display(digits: digits)
        earningsYieldPercent = ratios.earningsYieldPercent?.display(digits: digits)
        dividendYieldPercent = ratios.dividendYieldPercent?.display(digits: digits)
        payoutRatioPercent = ratios.payoutRatioPercent?.display(digits: digits)
        priceToBook = ratios.priceToBook?.display(digits: digits)
        returnOnEquityPercent = ratios.returnOnEquityPercent?.display(digits: digits)
        marketCapitalization = ratios.marketCapitalization?.display(digits: digits)
        notes = ratios.notes
    }
}

struct CagrArgs: Decodable, Sendable {
    var start: NumberText
    var end: NumberText
    var years: NumberText
    var digits: Int?
}

struct CagrResult: Encodable, Sendable {
    /// The growth rate as a fraction (`0.148698354997035`).
    var rate: String
    var ratePercent: String
}

struct CurrencyArgs: Decodable, Sendable {
    var amount: NumberText
    var from: String
    var to: String
    var asOf: String?
}

struct CurrencyResult: Encodable, Sendable {
    var amount: String
    var from: String
    var to: String
    /// Units of `to` per unit of `from`, to 10 significant digits.
    var rate: String
    var inverseRate: String
    var asOf: String
    var base: String
    var source: String
    var rounding: String

    init(_ args: CurrencyArgs, table: RatesTable) throws {
        let date = try args.asOf.map { try DateTime(parsing: $0, field: "asOf").date }
        let conversion = try table.convert(try args.amount.rational("amount"), from: args.from, to: args.to, asOf: date)
        amount = conversion.amount
        from = conversion.from
        to = conversion.to
        rate = conversion.rate.display(digits: 10)
        inverseRate = conversion.rate.reciprocal.display(digits: 10)
        asOf = conversion.asOf.description
        base = table.base
        source = table.source
        rounding =
            "exact cross rate through \(table.base); amount rounded half-even to "
            + "\(conversion.minorUnitDigits) decimal places"
    }
}

struct RatesArgs: Decodable, Sendable {
    var asOf: String?
}

struct RatesResult: Encodable, Sendable {
    struct Rate: Encodable, Sendable {
        var currency: String
        var rate: String
    }

    var base: String
    var asOf: String
    var source: String
    var days: Int
    var oldest: String
    var rates: [Rate]

    init(table: RatesTable, asOf: String?) throws {
        let day = try table.day(asOf: try asOf.map { try DateTime(parsing: $0, field: "asOf").date })
        base = table.base
        self.asOf = day.date.description
        source = table.source
        days = table.days.count
        oldest = table.days.last?.date.description ?? self.asOf
        rates = day.rates.keys.sorted().map { Rate(currency: $0, rate: day.rates[$0]?.display() ?? "") }
    }
}
