import BigInt
import Calculator
import Dates
import Ledger
import LedgerAPI
import Money
import Wire

/// Values a bill or payment in another currency than its household's, when it is written: at the rate or converted
/// amount the payer gives, or else at the reference rate of its date from calc's rates table, over the gateway
/// (``CalcCalls``). The amount is the entry's times the rate, rounded half-even to the household currency's minor
/// unit.
struct Valuation: Sendable {
    /// Whether an entry that cannot be valued is refused or written without a value. Where calc has no reference
    /// rates at all (or the worker reaches no calc), an entry with no rate from the payer is written without a value
    /// either way: the operator chose per-currency balances only.
    enum Need: Sendable {
        /// A person's `bills.add`, `payments.record` or edit: refused (`failed_precondition`) when the rates lack the
        /// date or the currency, so they give a rate.
        case required
        /// An import, or a repeating bill's occurrence: written without a value (`balances` with `in` then names
        /// it, to be edited with a rate).
        case whenAvailable
    }

    /// What an entry is valued from.
    enum Basis: Sendable {
        /// The rate or amount the payer gave, else the reference rate; `Need` says what happens without one.
        case given(GivenValue, Need)
        /// The value a Reckon export kept (nil for none): kept as it was, unless it is in another currency than the
        /// household's, when the entry is valued as an import is.
        case restored(EntryValueView?)

        /// Whether valuing an entry in `currency` from this may ask calc for the reference rate in `home` (an
        /// import asks for those rates before its write: ``RateQuotes/require(_:)``).
        func mayAskRate(_ currency: String, in home: String) -> Bool {
            guard currency.uppercased() != home.uppercased() else { return false }
            switch self {
            case .given(let given, _): return given.isEmpty
            case .restored(let kept): return kept.map { $0.currency != home } ?? false
            }
        }
    }

    /// The most days a reference rate may be older than the entry's date (markets close for weekends and holidays;
    /// a table that stops earlier does not cover the date).
    static let staleDays = 7
    /// The longest the rate's call to calc may take: it answers in well under a millisecond, but waits behind
    /// other calculations on a busy calc.
    static let timeout = Duration.seconds(10)
    /// How many significant digits a reference rate is stated to (what calc's `currency` answers).
    static let referenceDigits = 10

    /// Where calc runs; nil when this worker reaches none.
    let calc: (any CalcCalls)?

    /// The value of an entry of `amount` in `currency` (codes the entry's own checks have read), dated `date`, in
    /// the household's currency `home`, from `basis` (``value(_:_:on:in:given:need:)``).
    func value(
        _ amount: Int64,
        currency: String,
        on date: String,
        in home: String,
        from basis: Basis
    ) async throws -> EntryValue? {
        guard let entryCurrency = Currency(code: currency), let homeCurrency = Currency(code: home) else {
            throw WireError(.internal, "\(currency) or \(home) is no ISO 4217 code")
        }
        switch basis {
        case .given(let given, let need):
            return try await value(amount, entryCurrency, on: date, in: homeCurrency, given: given, need: need)
        case .restored(let kept):
            guard let kept, currency != home else { return nil }
            guard kept.currency == home, let converted = homeCurrency.parse(kept.amount), converted > 0 else {
                return try await value(
                    amount,
                    entryCurrency,
                    on: date,
                    in: homeCurrency,
                    given: GivenValue(),
                    need: .whenAvailable
                )
            }
            return EntryValue(
                currency: home,
                amount: converted,
                rate: kept.rate,
                rateDate: kept.rateDate,
                source: kept.source
            )
        }
    }

    /// An edited entry's value: valued again, as a new entry would be (``Need/required``), when the edit `changed`
    /// its amount, currency or date or gives a rate or amount; else the value it had (`old`), which a later rates
    /// file never changes.
    func revalue(
        _ old: EntryValue?,
        changed: Bool,
        amount: Int64,
        currency: String,
        on date: String,
        in home: String,
        given: GivenValue
    ) async throws -> EntryValue? {
        guard changed || !given.isEmpty else { return old }
        return try await value(amount, currency: currency, on: date, in: home, from: .given(given, .required))
    }

    /// The value of `amount` (minor units of `currency`), dated `date`, in `home`; nil for an entry in `home`, or
    /// (``Need/whenAvailable``) one no rate values.
    /// - Throws: `invalid_argument` for a rate or amount that cannot be one (or is given for `home`); with
    ///   ``Need/required``, `failed_precondition` (field `rate`) when no reference rate covers `date`; calc's
    ///   `unavailable` or `deadline_exceeded` when it cannot be reached.
    func value(
        _ amount: Int64,
        _ currency: Currency,
        on date: String,
        in home: Currency,
        given: GivenValue,
        need: Need
    ) async throws -> EntryValue? {
        guard currency.code != home.code else {
            if let field = given.rate != nil ? "rate" : given.convertedAmount != nil ? "convertedAmount" : nil {
                throw WireError(
                    .invalidArgument,
                    "\(field) is for an entry in another currency than the household's (\(home.code))",
                    field: field
                )
            }
            return nil
        }
        if let rate = given.rate {
            guard given.convertedAmount == nil else {
                throw WireError(.invalidArgument, "give rate or convertedAmount, not both", field: "rate")
            }
            return try Self.value(amount, currency, at: rate, field: "rate", in: home, on: date, source: "payer")
        }
        if let text = given.convertedAmount {
            let converted = try home.amount(text, field: "convertedAmount")
            let rate =
                Rational(BigInt(converted) * BigInt(10).power(currency.minorDigits))
                / Rational(BigInt(amount) * BigInt(10).power(home.minorDigits))
            return EntryValue(
                currency: home.code,
                amount: converted,
                rate: rate.formatted(significantDigits: Self.referenceDigits),
                rateDate: date,
                source: "payer"
            )
        }
        do {
            return try await reference(amount, currency, on: date, in: home)
        } catch let missing as MissingRate {
            // A deployment with no reference rates at all values only what payers give.
            guard need == .required, missing.hasTable else { return nil }
            throw WireError(
                .failedPrecondition,
                "no reference rate from \(currency.code) to \(home.code) for \(date) (\(missing.reason)): give rate "
                    + "or convertedAmount",
                field: "rate"
            )
        }
    }

    /// The value at the reference rate of `date`: the newest day of calc's table on or before it, within
    /// ``staleDays``; the rate read from the request's ``RateQuotes`` when it has them, else asked of calc.
    /// - Throws: ``MissingRate`` when calc has none; calc's error when it cannot be reached; ``RateQuotes/Missing``
    ///   when the request's quotes lack it.
    private func reference(
        _ amount: Int64,
        _ currency: Currency,
        on date: String,
        in home: Currency
    ) async throws
        -> EntryValue
    {
        let pair = RatePair(from: currency.code, to: home.code, date: date)
        let answer: JSONValue
        if let quoted = try RateQuotes.current?.answer(pair) {
            answer = try quoted.get()
        } else {
            answer = try await ask(pair).get()
        }
        guard let rate = answer["rate"]?.stringValue, let day = answer["asOf"]?.stringValue,
            let asOf = CivilDate(iso: String(day.prefix(10))), let entryDate = CivilDate(iso: date)
        else { throw WireError(.internal, "calc's currency answer has no rate or asOf") }
        guard entryDate.daysSinceEpoch - asOf.daysSinceEpoch <= Self.staleDays else {
            throw MissingRate(reason: "the newest rate on or before it is of \(asOf)")
        }
        let source = "reference:" + (answer["source"]?.stringValue ?? "calc")
        return try Self.value(amount, currency, at: rate, field: "rate", in: home, on: asOf.description, source: source)
    }

    /// calc's answer for the reference rate of `pair`, or why there is none (``MissingRate``) or calc's error.
    func ask(_ pair: RatePair) async -> Result<JSONValue, any Error> {
        guard let calc else { return .failure(MissingRate(reason: "this ledger reaches no calc", hasTable: false)) }
        do {
            return .success(
                try await calc.call(
                    "currency",
                    args: [
                        "amount": "1", "from": .string(pair.from), "to": .string(pair.to), "asOf": .string(pair.date),
                    ],
                    timeout: Self.timeout
                )
            )
        } catch let error as WireError where [.failedPrecondition, .unknownOp].contains(error.code) {
            return .failure(MissingRate(reason: error.message, hasTable: false))  // calc has no rates loaded
        } catch let error as WireError where [.invalidArgument, .notFound].contains(error.code) {
            return .failure(MissingRate(reason: error.message))
        } catch {
            return .failure(error)
        }
    }

    /// `amount` at `rate` (decimal text), rounded half-even to `home`'s minor unit.
    /// - Throws: `invalid_argument` (on `field`) for a rate that is not a positive decimal, or a value below one minor
    ///   unit or past the ledger's largest amount.
    private static func value(
        _ amount: Int64,
        _ currency: Currency,
        at rate: String,
        field: String,
        in home: Currency,
        on date: String,
        source: String
    ) throws -> EntryValue {
        guard let parsed = Rational(parsing: rate), parsed.signum > 0 else {
            throw WireError(.invalidArgument, "a rate is a decimal above 0", field: field)
        }
        let scaled =
            Rational(BigInt(amount)) * parsed * Rational(BigInt(10).power(home.minorDigits))
            / Rational(BigInt(10).power(currency.minorDigits))
        guard let converted = Int64(exactly: scaled.halfEven), converted > 0, converted <= LedgerEntry.maximumAmount
        else {
            throw WireError(
                .invalidArgument,
                "at \(rate), \(currency.format(amount)) \(currency.code) is no amount of \(home.code)",
                field: field
            )
        }
        return EntryValue(currency: home.code, amount: converted, rate: rate, rateDate: date, source: source)
    }
}

/// No reference rate covers an entry's date, and why.
private struct MissingRate: Error {
    let reason: String
    /// Whether calc has a rates table at all (which lacks this date or currency).
    var hasTable = true
}

extension Rational {
    /// The nearest integer, ties to the even one (calc's ``Calculator/MoneyRounding/halfEven``).
    var halfEven: BigInt { MoneyRounding.halfEven.round(self, places: 0).numerator }
}
