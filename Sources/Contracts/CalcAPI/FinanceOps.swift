import Wire

/// `compoundInterest`: growth with periodic or continuous compounding and contributions.
public enum CompoundInterestOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "compoundInterest"
    public static let effect = OpEffect.pure
    public static let summary = "Growth with periodic or continuous compounding and contributions"
    public static let refusals = [
        OpRefusal(
            .invalidArgument,
            field: "years",
            "years × contributionsPerYear is not whole or over 20,000 periods, or years is over 200"
        ),
        OpRefusal(.invalidArgument, field: "ratePercent", "a rate of -100 or below"),
    ]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["principal", "ratePercent", "years"],
        "properties": [
            "principal": CalcOps.nonNegativeNumber, "ratePercent": CalcOps.number, "years": CalcOps.positiveNumber,
            "compoundsPerYear": PeriodsPerYear<CompoundingNames>.jsonSchema,
            "contribution": CalcOps.number, "contributionsPerYear": CalcOps.countPerYear,
            "contributionTiming": ["type": "string", "enum": ["start", "end"]],
        ],
    ]

    public struct Args: Codable, Sendable, Hashable {
        public var principal: NumberText
        public var ratePercent: NumberText
        public var years: NumberText
        /// A count per year (default 12), or `"continuous"`.
        public var compoundsPerYear: PeriodsPerYear<CompoundingNames>?
        public var contribution: NumberText?
        public var contributionsPerYear: Int?
        /// `start` or `end` (default) of each period.
        public var contributionTiming: String?

        public init(
            principal: NumberText,
            ratePercent: NumberText,
            years: NumberText,
            compoundsPerYear: PeriodsPerYear<CompoundingNames>? = nil,
            contribution: NumberText? = nil,
            contributionsPerYear: Int? = nil,
            contributionTiming: String? = nil
        ) {
            self.principal = principal
            self.ratePercent = ratePercent
            self.years = years
            self.compoundsPerYear = compoundsPerYear
            self.contribution = contribution
            self.contributionsPerYear = contributionsPerYear
            self.contributionTiming = contributionTiming
        }
    }

    public struct Result: Codable, Sendable, Hashable {
        /// One year of the schedule.
        public struct Year: Codable, Sendable, Hashable {
            public var year: Int
            public var contributions: String
            public var interest: String
            public var balance: String

            public init(year: Int, contributions: String, interest: String, balance: String) {
                self.year = year
                self.contributions = contributions
                self.interest = interest
                self.balance = balance
            }
        }

        public var finalAmount = ""
        public var totalContributions = ""
        public var totalInterest = ""
        public var effectiveAnnualRatePercent = ""
        public var schedule: [Year] = []
        public var rounding =
            "amounts carried exactly (to 40 decimal places over long terms), rounded half-even to cents only "
            + "for display"

        public init() {}
    }
}

/// `loan`: the payment, total interest and amortization schedule of a loan.
public enum LoanOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "loan"
    public static let effect = OpEffect.pure
    public static let summary = "Loan payment, total interest and the amortization schedule"
    public static let refusals = [
        OpRefusal(.invalidArgument, field: "years", "years × paymentsPerYear is not whole, or over 20,000 payments"),
        OpRefusal(.invalidArgument, field: "ratePercent", "a rate under 0 or over 1000"),
        OpRefusal(.invalidArgument, field: "scheduleOmitted", "a schedule over 1,000 KiB of JSON, unless omitted"),
    ]
    /// The most bytes of JSON a schedule may take: under the gateway's default reply limit (1 MiB,
    /// `--max-message-bytes`) with room for the rest of the reply.
    public static let scheduleByteLimit = 1_000 * 1024
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["principal", "ratePercent", "years"],
        "properties": [
            "principal": CalcOps.positiveNumber, "ratePercent": CalcOps.number, "years": CalcOps.positiveNumber,
            "paymentsPerYear": CalcOps.countPerYear,
            "compounding": PeriodsPerYear<LoanCompoundingNames>.jsonSchema,
            "extraPayment": CalcOps.nonNegativeNumber,
            "rounding": ["type": "string", "enum": ["cents", "cents_half_up", "none"]],
            "digits": CalcOps.digits,
            "scheduleOmitted": ["type": "boolean"],
        ],
    ]

    public struct Args: Codable, Sendable, Hashable {
        public var principal: NumberText
        public var ratePercent: NumberText
        public var years: NumberText
        public var paymentsPerYear: Int?
        /// `"semiannual"` (Canadian mortgages), `"annual"`, `"monthly"`, ... or a count per year; default: the
        /// payment frequency.
        public var compounding: PeriodsPerYear<LoanCompoundingNames>?
        public var extraPayment: NumberText?
        /// `cents` (default), `cents_half_up` (or `cents_half_up_each_row`), or `none`.
        public var rounding: String?
        public var digits: Int?
        /// Leave the schedule out of the reply.
        public var scheduleOmitted: Bool?

        public init(
            principal: NumberText,
            ratePercent: NumberText,
            years: NumberText,
            paymentsPerYear: Int? = nil,
            compounding: PeriodsPerYear<LoanCompoundingNames>? = nil,
            extraPayment: NumberText? = nil,
            rounding: String? = nil,
            digits: Int? = nil,
            scheduleOmitted: Bool? = nil
        ) {
            self.principal = principal
            self.ratePercent = ratePercent
            self.years = years
            self.paymentsPerYear = paymentsPerYear
            self.compounding = compounding
            self.extraPayment = extraPayment
            self.rounding = rounding
            self.digits = digits
            self.scheduleOmitted = scheduleOmitted
        }
    }

    public struct Result: Codable, Sendable, Hashable {
        /// One payment of the schedule.
        public struct Row: Codable, Sendable, Hashable {
            public var period: Int
            public var payment: String
            public var interest: String
            public var principal: String
            public var balance: String

            public init(period: Int, payment: String, interest: String, principal: String, balance: String) {
                self.period = period
                self.payment = payment
                self.interest = interest
                self.principal = principal
                self.balance = balance
            }
        }

        public var payment = ""
        public var exactPayment = ""
        public var periodicRatePercent = ""
        public var numberOfPayments = 0
        public var totalPaid = ""
        public var totalInterest = ""
        public var rounding = ""
        public var schedule: [Row]?

        public init() {}
    }
}

/// `stockRatios`: valuation ratios of a share.
public enum StockRatiosOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "stockRatios"
    public static let effect = OpEffect.pure
    public static let summary = "P/E, earnings and dividend yield, payout ratio, P/B, ROE"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["price"],
        "properties": [
            "price": CalcOps.positiveNumber, "earningsPerShare": CalcOps.number,
            "dividendPerShare": CalcOps.nonNegativeNumber,
            "bookValuePerShare": CalcOps.number, "netIncome": CalcOps.number, "shareholdersEquity": CalcOps.number,
            "sharesOutstanding": CalcOps.number, "digits": CalcOps.digits,
        ],
    ]

    public struct Args: Codable, Sendable, Hashable {
        public var price: NumberText
        public var earningsPerShare: NumberText?
        public var dividendPerShare: NumberText?
        public var bookValuePerShare: NumberText?
        public var netIncome: NumberText?
        public var shareholdersEquity: NumberText?
        public var sharesOutstanding: NumberText?
        public var digits: Int?

        public init(price: NumberText) { self.price = price }
    }

    public struct Result: Codable, Sendable, Hashable {
        public var priceToEarnings: String?
        public var earningsYieldPercent: String?
        public var dividendYieldPercent: String?
        public var payoutRatioPercent: String?
        public var priceToBook: String?
        public var returnOnEquityPercent: String?
        public var marketCapitalization: String?
        public var notes: [String] = []

        public init() {}
    }
}

/// `cagr`: the compound annual growth rate between two values.
public enum CAGROp: OpContract {
    public static let service = CalcOps.service
    public static let name = "cagr"
    public static let effect = OpEffect.pure
    public static let summary = "Compound annual growth rate between two values"
    public static let refusals = [
        OpRefusal(.invalidArgument, field: "years", "a growth from start to end too large to compute in that time")
    ]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["start", "end", "years"],
        "properties": [
            "start": CalcOps.positiveNumber, "end": CalcOps.nonNegativeNumber, "years": CalcOps.positiveNumber,
            "digits": CalcOps.digits,
        ],
    ]

    public struct Args: Codable, Sendable, Hashable {
        public var start: NumberText
        public var end: NumberText
        public var years: NumberText
        public var digits: Int?

        public init(start: NumberText, end: NumberText, years: NumberText, digits: Int? = nil) {
            self.start = start
            self.end = end
            self.years = years
            self.digits = digits
        }
    }

    public struct Result: Codable, Sendable, Hashable {
        /// The growth rate as a fraction (`0.148698354997035`).
        public var rate: String
        public var ratePercent: String

        public init(rate: String, ratePercent: String) {
            self.rate = rate
            self.ratePercent = ratePercent
        }
    }
}

/// `currency`: money converted with the loaded reference rates.
public enum CurrencyOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "currency"
    public static let effect = OpEffect.pure
    public static let summary = "Converts money with the loaded reference rates (cross rates via EUR)"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["amount", "from", "to"],
        "properties": [
            "amount": CalcOps.number, "from": CalcOps.currencyCode, "to": CalcOps.currencyCode,
            "asOf": CalcOps.dateOrDateTime("ISO date; the latest rates on or before it"),
        ],
    ]

    public struct Args: Codable, Sendable, Hashable {
        public var amount: NumberText
        public var from: String
        public var to: String
        public var asOf: String?

        public init(amount: NumberText, from: String, to: String, asOf: String? = nil) {
            self.amount = amount
            self.from = from
            self.to = to
            self.asOf = asOf
        }
    }

    public struct Result: Codable, Sendable, Hashable {
        public var amount = ""
        public var from = ""
        public var to = ""
        /// Units of `to` per unit of `from`, to 10 significant digits.
        public var rate = ""
        public var inverseRate = ""
        public var asOf = ""
        public var base = ""
        public var source = ""
        public var rounding = ""

        public init() {}
    }
}

/// `rates`: the loaded reference rates of a day.
public enum RatesOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "rates"
    public static let effect = OpEffect.pure
    public static let summary = "The loaded reference rates"
    public static let argsSchema: JSONValue = ["type": "object", "properties": ["asOf": CalcOps.dateOrDateTime()]]

    public struct Args: Codable, Sendable, Hashable {
        public var asOf: String?
        public init(asOf: String? = nil) { self.asOf = asOf }
    }

    public struct Result: Codable, Sendable, Hashable {
        /// One currency's rate against the base.
        public struct Rate: Codable, Sendable, Hashable {
            public var currency: String
            public var rate: String

            public init(currency: String, rate: String) {
                self.currency = currency
                self.rate = rate
            }
        }

        public var base = ""
        public var asOf = ""
        public var source = ""
        public var days = 0
        public var oldest = ""
        public var rates: [Rate] = []

        public init() {}
    }
}
