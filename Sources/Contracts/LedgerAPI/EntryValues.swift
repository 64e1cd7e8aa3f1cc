import Wire

/// What the payer says a bill or payment in another currency is worth in the household's currency: a rate or the
/// converted amount. With neither, the reference rate of the entry's date is used.
public struct GivenValue: Codable, Sendable, Hashable {
    /// Units of the household's currency per unit of the entry's, as decimal text.
    public var rate: String?
    /// The entry's amount in the household's currency (what a card statement shows).
    public var convertedAmount: String?

    /// Creates the value.
    public init(rate: String? = nil, convertedAmount: String? = nil) {
        self.rate = rate
        self.convertedAmount = convertedAmount
    }

    /// Whether the payer gave either.
    public var isEmpty: Bool { rate == nil && convertedAmount == nil }
}

/// What a bill or payment in another currency was worth in the household's currency when it was written: fixed
/// then, so a later rates file never changes it.
public struct EntryValueView: Codable, Sendable, Hashable {
    /// The household's currency.
    public var currency: String
    /// The entry's amount in `currency`, rounded half-even to its minor unit.
    public var amount: String
    /// Units of `currency` per unit of the entry's currency.
    public var rate: String
    /// The day the rate is of: the reference day (on or before the entry's date), or the entry's date for a rate or
    /// amount the payer gave.
    public var rateDate: String
    /// `payer`, or `reference` with the rates file: `reference:eurofxref-hist.xml`.
    public var source: String

    /// Creates the value.
    public init(currency: String, amount: String, rate: String, rateDate: String, source: String) {
        self.currency = currency
        self.amount = amount
        self.rate = rate
        self.rateDate = rateDate
        self.source = source
    }
}

extension LedgerOps {
    /// The schema members of ``GivenValue``.
    static let givenValue: [(String, JSONValue)] = [
        (
            "rate",
            [
                "type": "string", "pattern": "^(0|[1-9][0-9]{0,11})(\\.[0-9]{1,12})?$",
                "description": "units of the household's currency per unit of this currency (else the reference rate)",
            ]
        ),
        (
            "convertedAmount",
            [
                "type": "string", "pattern": "^(0|[1-9][0-9]*)(\\.[0-9]{1,6})?$",
                "description": "the amount in the household's currency (else the reference rate's)",
            ]
        ),
    ]

    /// What valuing an entry in another currency may be refused for.
    static let valuationRefusals = [
        OpRefusal(
            .failedPrecondition,
            field: "rate",
            "no reference rate for the currency on the date or the 7 days before it, and neither rate nor "
                + "convertedAmount given"
        ),
        OpRefusal(.invalidArgument, field: "rate", "given with convertedAmount, or for the household's own currency"),
        OpRefusal(.invalidArgument, field: "convertedAmount", "0, or given for the household's own currency"),
    ]
}
