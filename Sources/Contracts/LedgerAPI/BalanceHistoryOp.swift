import Wire

/// `balances.history`: each member's net in one currency after every day with a bill, payment or rounding transfer,
/// for a chart of the balances over time.
public enum BalanceHistoryOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "balances.history"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "Each member's net in one currency at the end of every day that changed it"
    public static let refusals = [
        OpRefusal(.invalidArgument, field: "currency", "a code ISO 4217 does not list"),
        OpRefusal(.invalidArgument, field: "from", "not a calendar date"),
    ]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId"],
        "properties": [
            "householdId": LedgerOps.id,
            "currency": LedgerOps.currency,
            "from": LedgerOps.date,
        ],
    ]
    /// The most days one answer shows: with more, the earliest are summed into `opening`.
    public static let dayLimit = 1000

    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        /// Default: the household's currency.
        public var currency: String?
        /// The first day shown; what came before is summed into each member's `opening`.
        public var from: String?
        public init(householdId: String, currency: String? = nil, from: String? = nil) {
            self.householdId = householdId
            self.currency = currency
            self.from = from
        }
    }
    public typealias Result = BalanceHistoryView
}

/// The household's balances over time in one currency: `dates[i]` is a day with a change, and each member's
/// `nets[i]` is their net at the end of it (`opening` before the first). The nets of one day sum to 0.
public struct BalanceHistoryView: Codable, Sendable, Hashable {
    public var currency: String
    /// The first day shown: the `from` asked for, or the first day kept when the history had more than
    /// ``BalanceHistoryOp/dayLimit`` days with a change; absent when the whole history is shown.
    public var from: String?
    /// The days with a change, oldest first (at most ``BalanceHistoryOp/dayLimit``).
    public var dates: [String]
    /// Everyone who ever had an entry in the currency, former members too, by user id.
    public var members: [MemberHistoryView]

    /// Creates the value.
    public init(currency: String, from: String?, dates: [String], members: [MemberHistoryView]) {
        self.currency = currency
        self.from = from
        self.dates = dates
        self.members = members
    }
}

/// One member's net over time: positive when they are owed.
public struct MemberHistoryView: Codable, Sendable, Hashable {
    public var userId: String
    /// Their net before the first day shown.
    public var opening: String
    /// Their net at the end of each of the history's `dates`.
    public var nets: [String]

    /// Creates the value.
    public init(userId: String, opening: String, nets: [String]) {
        self.userId = userId
        self.opening = opening
        self.nets = nets
    }
}
