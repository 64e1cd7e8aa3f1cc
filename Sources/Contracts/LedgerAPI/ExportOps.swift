import Wire

/// `export.csv`: one table of the household as RFC 4180 CSV with a header row and exact decimal amounts.
public enum ExportCSVOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "export.csv"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "bills, payments, balances, roundings, inventory or shopping as RFC 4180 CSV"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId", "what"],
        "properties": [
            "householdId": LedgerOps.id,
            "what": ["type": "string", "enum": .array(ExportCSVOp.tables)],
        ],
    ]
    /// The tables `what` may name.
    public static let tables: [JSONValue] = ["bills", "payments", "balances", "roundings", "inventory", "shopping"]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var what: String
        public init(householdId: String, what: String) {
            self.householdId = householdId
            self.what = what
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        /// CRLF line ends, a header row first.
        public var csv: String
        /// Data rows, without the header.
        public var rows: Int
        public init(csv: String, rows: Int) {
            self.csv = csv
            self.rows = rows
        }
    }
}

/// `export.json`: the whole household, for backup.
public enum ExportJSONOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "export.json"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary =
        "The whole household (members, bills, payments, roundings, rules, events, balances, stock, list, activity)"
    public static let argsSchema = LedgerOps.household
    public typealias Args = HouseholdArgs
    public typealias Result = HouseholdExportDocument
}

/// What `export.json` answers: the whole household, for backup.
public struct HouseholdExportDocument: Codable, Sendable, Hashable {
    /// The format, for readers of old backups: `reckon-household/1`.
    public var format: String
    public var household: HouseholdView
    public var bills: [BillView]
    public var payments: [PaymentView]
    /// Every rounding transfer, oldest first.
    public var roundings: [RoundingTransferView]
    public var recurring: [RecurringView]
    public var events: [EventView]
    public var balances: BalancesView
    public var shopping: [ShoppingItemView]
    public var inventory: [StockLineView]
    public var activity: [ActivityView]

    /// Creates the document, in the current format.
    public init(
        household: HouseholdView,
        bills: [BillView],
        payments: [PaymentView],
        roundings: [RoundingTransferView],
        recurring: [RecurringView],
        events: [EventView],
        balances: BalancesView,
        shopping: [ShoppingItemView],
        inventory: [StockLineView],
        activity: [ActivityView]
    ) {
        format = "reckon-household/1"
        self.household = household
        self.bills = bills
        self.payments = payments
        self.roundings = roundings
        self.recurring = recurring
        self.events = events
        self.balances = balances
        self.shopping = shopping
        self.inventory = inventory
        self.activity = activity
    }
}
