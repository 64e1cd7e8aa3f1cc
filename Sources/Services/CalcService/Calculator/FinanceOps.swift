import CalcAPI
import Calculator
import Dates
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `compoundInterest`, `loan`, `stockRatios`, `cagr`, `currency` and `rates`.
    mutating func registerFinanceOps(rates: RatesTable?) {
        register(CompoundInterestOp.self) { args, _ in try CompoundInterestOp.Result(args) }
        register(LoanOp.self) { args, _ in try LoanOp.Result(args) }
        registerInline(StockRatiosOp.self) { args, _ in try StockRatiosOp.Result(args) }
        register(CAGROp.self) { args, _ in
            let rate = try GrowthRate.compoundAnnual(
                start: try args.start.rational("start"),
                end: try args.end.rational("end"),
                years: try args.years.rational("years"),
                digits: try checkedDigits(args.digits)
            )
            return CAGROp.Result(rate: rate, ratePercent: try percent(rate))
        }
        registerInline(CurrencyOp.self) { args, _ in try CurrencyOp.Result(args, table: try loaded(rates)) }
        registerInline(RatesOp.self) { args, _ in try RatesOp.Result(table: try loaded(rates), asOf: args.asOf) }
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

extension CompoundInterestOp.Result {
    /// `contributionTiming`: `start` or `end` (the default) of each period.
    private static func timing(_ text: String?) throws -> CompoundInterest.Timing {
        guard let text else { return .end }
        guard let timing = CompoundInterest.Timing(rawValue: text) else {
            throw CalculatorError(
                .invalidArgument,
                "contributionTiming must be start or end",
                field: "contributionTiming"
            )
        }
        return timing
    }

    init(_ args: CompoundInterestOp.Args) throws {
        self.init()
        let perYear = args.compoundsPerYear.map(\.perYear) ?? 12
        let principal = try args.principal.rational("principal")
        let contribution = try args.contribution?.rational("contribution") ?? .zero
        let growth = try CompoundInterest(
            principal: principal,
            ratePercent: try args.ratePercent.rational("ratePercent"),
            years: try args.years.rational("years"),
            compoundsPerYear: perYear,
            contribution: contribution,
            contributionsPerYear: args.contributionsPerYear,
            timing: try Self.timing(args.contributionTiming)
        )
        let rows = try growth.schedule()
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

extension LoanOp.Result {
    init(_ args: LoanOp.Args) throws {
        self.init()
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
            compoundsPerYear: args.compounding?.perYear,
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
        let rows = try loan.schedule()
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
        guard args.scheduleOmitted != true else { return }
        let schedule = rows.map {
            Row(
                period: $0.period,
                payment: show($0.payment),
                interest: show($0.interest),
                principal: show($0.principal),
                balance: show($0.balance)
            )
        }
        let bytes = schedule.reduce(0) { $0 + Self.jsonBytes(of: $1) }
        guard bytes <= LoanOp.scheduleByteLimit else {
            throw CalculatorError(
                .invalidArgument,
                "the schedule of \(rows.count) payments would be \(bytes / 1024) KiB of JSON, over the "
                    + "\(LoanOp.scheduleByteLimit / 1024) KiB a reply carries: send scheduleOmitted, or fewer payments "
                    + "or digits",
                field: "scheduleOmitted"
            )
        }
        self.schedule = schedule
    }

    /// The bytes of `row` in the reply's JSON, with the comma after it:
    /// `{"balance":"…","interest":"…","payment":"…","period":N,"principal":"…"},`.
    private static func jsonBytes(of row: Row) -> Int {
        67 + String(row.period).utf8.count + row.payment.utf8.count + row.interest.utf8.count
            + row.principal.utf8.count + row.balance.utf8.count
    }
}

extension StockRatiosOp.Result {
    init(_ args: StockRatiosOp.Args) throws {
        self.init()
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

extension CurrencyOp.Result {
    init(_ args: CurrencyOp.Args, table: RatesTable) throws {
        self.init()
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

extension RatesOp.Result {
    init(table: RatesTable, asOf: String?) throws {
        self.init()
        let day = try table.day(asOf: try asOf.map { try DateTime(parsing: $0, field: "asOf").date })
        base = table.base
        self.asOf = day.date.description
        source = table.source
        days = table.days.count
        oldest = table.days.last?.date.description ?? self.asOf
        rates = day.rates.keys.sorted().map { Rate(currency: $0, rate: day.rates[$0]?.display() ?? "") }
    }
}
