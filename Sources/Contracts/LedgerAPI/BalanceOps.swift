import Wire

/// `balances`: each member's paid, share and net per currency, and who owes whom before simplification.
public enum BalancesOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "balances"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "Per currency: each member's paid, share, sent, received and net; pairwise debts"
    public static let refusals =
        [
            OpRefusal(
                .failedPrecondition,
                field: "convertTo",
                "the ledger worker has no reference rates (--rates-file)"
            ),
            OpRefusal(.invalidArgument, field: "convertTo", "a code ISO 4217 does not list"),
            OpRefusal(.notFound, field: "convertTo", "a currency the reference rates do not list"),
        ] + LedgerOps.inRefusals
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId"],
        "properties": [
            "householdId": LedgerOps.id,
            "convertTo": [
                "type": "string", "pattern": "^[A-Za-z]{3}$",
                "description": "ISO 4217: also show the nets converted with the operator's rates",
            ],
            "in": LedgerOps.valuedIn,
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var convertTo: String?
        /// The household's currency: every entry at the value it was written with, in place of one view per
        /// currency.
        public var `in`: String?
        public init(householdId: String, convertTo: String? = nil, in valuedIn: String? = nil) {
            self.householdId = householdId
            self.convertTo = convertTo
            self.in = valuedIn
        }
    }
    public typealias Result = BalancesView
}

/// `settle.suggest`: the fewest transfers that clear every balance, each with what it pays for.
public enum SettleSuggestOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "settle.suggest"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "A plan of at most n-1 transfers per currency (minimal up to 12 people), explained"
    public static let refusals = LedgerOps.inRefusals
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId"],
        "properties": ["householdId": LedgerOps.id, "in": LedgerOps.valuedIn],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        /// The household's currency: one plan in it, every entry at the value it was written with.
        public var `in`: String?
        public init(householdId: String, in valuedIn: String? = nil) {
            self.householdId = householdId
            self.in = valuedIn
        }
    }
    public typealias Result = SettlePlanView
}

extension LedgerOps {
    /// `in` of `balances` and `settle.suggest`.
    static let valuedIn: JSONValue = [
        "type": "string", "pattern": "^[A-Za-z]{3}$",
        "description": "the household's currency: everything in it, each entry at the value it was written with",
    ]

    /// What `in` may be refused for.
    static let inRefusals = [
        OpRefusal(.invalidArgument, field: "in", "a currency other than the household's"),
        OpRefusal(
            .failedPrecondition,
            field: "in",
            "an entry in another currency has no value (an import or repeat with no reference rate): edit it with a rate"
        ),
    ]
}

/// Balances of a household.
public struct BalancesView: Codable, Sendable, Hashable {
    /// Every member's balance in every currency the household used (each carries its `currency`).
    public var members: [BalanceView]
    /// Un-simplified pairwise debts, per currency.
    public var debts: [DebtView]
    /// The currencies in use, sorted.
    public var currencies: [String]
    /// With `convertTo`: each member's nets converted and summed.
    public var converted: ConvertedBalancesView?
    /// With `in`: the currency every amount is in, each entry valued as it was written.
    public var valuedIn: String?

    /// Creates the value.
    public init(
        members: [BalanceView],
        debts: [DebtView],
        currencies: [String],
        converted: ConvertedBalancesView?,
        valuedIn: String? = nil
    ) {
        self.members = members
        self.debts = debts
        self.currencies = currencies
        self.converted = converted
        self.valuedIn = valuedIn
    }
}

/// One member's balance in one currency. `net = paid - share + sent - received`; the nets of a currency sum to 0.
public struct BalanceView: Codable, Sendable, Hashable {
    public var userId: String
    public var currency: String
    /// What they paid for bills.
    public var paid: String
    /// Their shares of bills.
    public var share: String
    /// Payments they made.
    public var sent: String
    /// Payments they received.
    public var received: String
    /// Positive: they are owed; negative: they owe.
    public var net: String
    /// The part of `share` that rounding transfers moved, so that `share` stays within one minor unit of the exact
    /// sum of their shares: above 0 when they were charged more.
    public var rounding: String

    /// Creates the value.
    public init(
        userId: String,
        currency: String,
        paid: String,
        share: String,
        sent: String,
        received: String,
        net: String,
        rounding: String
    ) {
        self.userId = userId
        self.currency = currency
        self.paid = paid
        self.share = share
        self.sent = sent
        self.received = received
        self.net = net
        self.rounding = rounding
    }
}

/// `from` owes `to` `amount` in `currency`.
public struct DebtView: Codable, Sendable, Hashable {
    public var from: String
    public var to: String
    public var amount: String
    public var currency: String

    /// Creates the value.
    public init(from: String, to: String, amount: String, currency: String) {
        self.from = from
        self.to = to
        self.amount = amount
        self.currency = currency
    }
}

/// Nets converted into one currency, with the rates used; a view only, nothing stored is converted.
public struct ConvertedBalancesView: Codable, Sendable, Hashable {
    public var currency: String
    /// Each member's converted net (rounded half-even to the currency's minor unit).
    public var members: [MemberAmount]
    /// One rate per currency converted: 1 unit of `from` is `rate` units of the target.
    public var rates: [RateUsed]

    /// Creates the value.
    public init(currency: String, members: [MemberAmount], rates: [RateUsed]) {
        self.currency = currency
        self.members = members
        self.rates = rates
    }
}

/// A rate from the operator's table.
public struct RateUsed: Codable, Sendable, Hashable {
    public var from: String
    public var rate: String
    /// The date of the rates table the rate comes from.
    public var date: String

    /// Creates the value.
    public init(from: String, rate: String, date: String) {
        self.from = from
        self.rate = rate
        self.date = date
    }
}

/// A settle-up plan.
public struct SettlePlanView: Codable, Sendable, Hashable {
    public var transfers: [TransferView]
    /// Per currency: `minimal` (exact search) or `greedy` (too many people for it).
    public var methods: [String: String]

    /// Creates the value.
    public init(transfers: [TransferView], methods: [String: String]) {
        self.transfers = transfers
        self.methods = methods
    }
}

/// One transfer of a plan and the entries whose debt it settles.
public struct TransferView: Codable, Sendable, Hashable {
    public var from: String
    public var to: String
    public var amount: String
    public var currency: String
    /// The bills and payments that make up the debt it settles; their amounts add up to `amount`.
    public var because: [ReasonView]

    /// Creates the value.
    public init(from: String, to: String, amount: String, currency: String, because: [ReasonView]) {
        self.from = from
        self.to = to
        self.amount = amount
        self.currency = currency
        self.because = because
    }
}

/// A bill, payment or rounding transfer behind (part of) a transfer.
public struct ReasonView: Codable, Sendable, Hashable {
    /// `bill`, `payment` or `rounding` (a rounding transfer, whose `id` is the transfer's).
    public var kind: String
    public var id: String
    public var description: String
    public var date: String
    /// The part of the transfer this entry accounts for.
    public var amount: String

    /// Creates the value.
    public init(kind: String, id: String, description: String, date: String, amount: String) {
        self.kind = kind
        self.id = id
        self.description = description
        self.date = date
        self.amount = amount
    }
}
