import Dates

/// Reference exchange rates against one base currency (EUR for the ECB), by day.
///
/// Load it from the ECB's published layouts: the daily or historical XML (`eurofxref-daily.xml`,
/// `eurofxref-hist.xml`) or CSV (`eurofxref.csv`, `eurofxref-hist.csv`).
public struct RatesTable: Sendable, Hashable {
    /// One day's rates: units of each currency per one unit of the base.
    public struct Day: Sendable, Hashable {
        public var date: CivilDate
        public var rates: [String: Rational]
    }

    /// The base currency, whose rate is 1.
    public var base: String
    /// Days, newest first.
    public private(set) var days: [Day]
    /// Where the rates came from (a file name), for replies.
    public var source: String

    /// - Throws: ``CalculatorError`` `invalid_argument` when there are no days.
    public init(base: String = "EUR", days: [Day], source: String) throws {
        guard !days.isEmpty else {
            throw CalculatorError(.invalidArgument, "the rates file holds no rates", field: "rates")
        }
        self.base = base
        self.days = days.sorted { $0.date > $1.date }
        self.source = source
    }

    /// The newest day on or before `asOf` (the newest day when `asOf` is nil).
    /// - Throws: ``CalculatorError`` `not_found` when every day is later than `asOf`.
    public func day(asOf: CivilDate?) throws -> Day {
        guard let asOf else { return days[0] }
        guard let day = days.first(where: { $0.date <= asOf }) else {
            throw CalculatorError(
                .notFound,
                "no rates on or before \(asOf); the oldest are from \(days.last!.date)",
                field: "asOf"
            )
        }
        return day
    }

    /// Units of `code` per unit of the base on `day`.
    func rate(_ code: String, on day: Day, field: String) throws -> Rational {
        if code == base { return .one }
        guard let rate = day.rates[code] else {
            let known = ([base] + day.rates.keys.sorted()).joined(separator: ", ")
            throw CalculatorError(
                .notFound,
                "unknown currency '\(code)'; known: \(known)",
                field: field,
                suggestions: [base] + day.rates.keys.sorted()
            )
        }
        return rate
    }

    /// A converted amount.
    public struct Conversion: Sendable, Hashable {
        /// The amount in `to`, rounded half-even to the currency's minor unit (JPY: 0 decimals).
        public var amount: String
        /// Units of `to` per unit of `from`, exact (a cross rate through the base).
        public var rate: Rational
        public var from: String
        public var to: String
        /// The day whose rates were used.
        public var asOf: CivilDate
        public var minorUnitDigits: Int
    }

    /// Converts `amount` from one currency to another through the base.
    /// - Throws: ``CalculatorError`` `not_found` for an unknown currency or date, `invalid_argument` for codes that
    ///   are not three letters.
    public func convert(_ amount: Rational, from: String, to: String, asOf: CivilDate? = nil) throws -> Conversion {
        let source = try Self.code(from, field: "from")
        let target = try Self.code(to, field: "to")
        let day = try day(asOf: asOf)
        let rate = try self.rate(target, on: day, field: "to") / self.rate(source, on: day, field: "from")
        let places = Self.minorUnitDigits(target)
        return Conversion(
            amount: MoneyRounding.halfEven.text(amount * rate, places: places),
            rate: rate,
            from: source,
            to: target,
            asOf: day.date,
            minorUnitDigits: places
        )
    }

    private static func code(_ text: String, field: String) throws -> String {
        let code = text.uppercased()
        guard code.count == 3, code.allSatisfy({ $0 >= "A" && $0 <= "Z" }) else {
            throw CalculatorError(.invalidArgument, "\(field) must be an ISO 4217 code such as USD", field: field)
        }
        return code
    }

    /// Decimal places of a currency's minor unit (ISO 4217).
    public static func minorUnitDigits(_ code: String) -> Int {
        switch code {
        case "JPY", "KRW", "ISK", "CLP", "VND", "PYG", "UGX", "XAF", "XOF", "RWF", "KMF", "GNF", "VUV", "XPF": 0
        case "BHD", "KWD", "OMR", "JOD", "TND", "LYD", "IQD": 3
        default: 2
        }
    }
}
