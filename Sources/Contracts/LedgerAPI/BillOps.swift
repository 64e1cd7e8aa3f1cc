import Wire

/// The fields of a bill that `bills.add` sets and `bills.edit` may change.
public struct BillFields: Codable, Sendable, Hashable {
    public var description: String?
    public var amount: String?
    /// ISO 4217; the household's currency when absent.
    public var currency: String?
    /// ISO date; today (UTC) when absent.
    public var date: String?
    public var category: String?
    /// The one payer of the whole amount (give this or `payers`).
    public var paidBy: String?
    /// Several payers, each with what they paid.
    public var payers: [String: String]?
    public var split: SplitSpec?

    /// Creates the value.
    public init(
        description: String? = nil,
        amount: String? = nil,
        currency: String? = nil,
        date: String? = nil,
        category: String? = nil,
        paidBy: String? = nil,
        payers: [String: String]? = nil,
        split: SplitSpec? = nil
    ) {
        self.description = description
        self.amount = amount
        self.currency = currency
        self.date = date
        self.category = category
        self.paidBy = paidBy
        self.payers = payers
        self.split = split
    }
}

/// The JSON Schema of bill arguments: the bill's fields plus `extra`, with `required` ones.
private func billSchema(required: [JSONValue], extra: [(String, JSONValue)]) -> JSONValue {
    let fields: [(String, JSONValue)] = [
        ("description", LedgerOps.description), ("amount", LedgerOps.amount), ("currency", LedgerOps.currency),
        ("date", LedgerOps.date), ("category", LedgerOps.category), ("paidBy", LedgerOps.id),
        ("payers", LedgerOps.payers), ("split", LedgerOps.split),
    ]
    return [
        "type": "object", "required": .array(required),
        "properties": .object(JSONObject(extra + fields + LedgerOps.givenValue)),
    ]
}

/// Arguments that carry a bill's fields flat beside those of `Target`, which names what the bill is for: the
/// household (`bills.add`) or the bill and the version last read (`bills.edit`), and what the payer says a bill in
/// another currency is worth.
public struct BillArgs<Target: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    public var target: Target
    public var bill: BillFields
    public var value: GivenValue

    /// Creates the value.
    public init(_ target: Target, bill: BillFields, value: GivenValue = GivenValue()) {
        self.target = target
        self.bill = bill
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        target = try Target(from: decoder)
        bill = try BillFields(from: decoder)
        value = try GivenValue(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try target.encode(to: encoder)
        try bill.encode(to: encoder)
        try value.encode(to: encoder)
    }
}

/// `bills.add`: records a bill.
public enum BillsAddOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "bills.add"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary = "Records a bill: one payer (paidBy) or several (payers), and how it is split"
    public static let refusals =
        LedgerOps.valueRefusals(amounts: ["amount"], currencies: ["currency"])
        + LedgerOps.memberRefusals(["paidBy", "payers", "split"]) + [LedgerOps.descriptionRefusal]
        + LedgerOps.valuationRefusals
    public static let argsSchema = billSchema(
        required: ["householdId", "description", "amount", "split"],
        extra: [("householdId", LedgerOps.id)]
    )
    public typealias Args = BillArgs<HouseholdArgs>
    public typealias Result = BillView
}

/// `bills.edit`: changes some fields of a bill, given the version last read.
public enum BillsEditOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "bills.edit"
    public static let access = OpAccess.author
    public static let effect = OpEffect.write
    public static let summary = "Changes a bill's fields; a stale version is refused with conflict"
    public static let refusals =
        LedgerOps.valueRefusals(amounts: ["amount"], currencies: ["currency"])
        + LedgerOps.memberRefusals(["paidBy", "payers", "split"]) + [LedgerOps.descriptionRefusal]
        + LedgerOps.valuationRefusals
    public static let argsSchema = billSchema(
        required: ["billId", "version"],
        extra: [("billId", LedgerOps.id), ("version", LedgerOps.version)]
    )
    public typealias Args = BillArgs<BillRefArgs>
    public typealias Result = BillView
}

/// Arguments naming a bill, with the version last read where a change checks one.
public struct BillRefArgs: Codable, Sendable, Hashable {
    public var billId: String
    public var version: Int?
    public init(billId: String, version: Int? = nil) {
        self.billId = billId
        self.version = version
    }
}

/// Arguments naming a bill.
public struct BillIDArgs: Codable, Sendable, Hashable {
    public var billId: String
    public init(billId: String) { self.billId = billId }
}

/// `bills.delete`: deletes a bill (kept in the activity log).
public enum BillsDeleteOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "bills.delete"
    public static let access = OpAccess.author
    public static let effect = OpEffect.write
    public static let summary = "Deletes a bill; the activity log keeps it (version optional, checked when given)"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["billId"],
        "properties": ["billId": LedgerOps.id, "version": LedgerOps.version],
    ]
    public typealias Args = BillRefArgs
    public typealias Result = Done
}

/// `bills.get`: one bill.
public enum BillsGetOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "bills.get"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "One bill with its payers and shares"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["billId"], "properties": ["billId": LedgerOps.id],
    ]
    public typealias Args = BillIDArgs
    public typealias Result = BillView
}

/// Arguments of a paged list of a household's entries, newest first.
public struct PageArgs: Codable, Sendable, Hashable {
    public var householdId: String
    /// From the previous page's `nextCursor`.
    public var cursor: String?
    /// 1 to 500, default 100.
    public var limit: Int?
    public init(householdId: String, cursor: String? = nil, limit: Int? = nil) {
        self.householdId = householdId
        self.cursor = cursor
        self.limit = limit
    }
}

/// A page of a household's entries. Its `examples` are what scripts/api_examples.py calls `bills.list` with (its ids
/// replaced by ones the recording made), so that op needs no line in the example scenario.
let pageSchema: JSONValue = [
    "type": "object", "required": ["householdId"],
    "properties": [
        "householdId": LedgerOps.id, "cursor": ["type": "string"],
        "limit": ["type": "integer", "minimum": 1, "maximum": 500, "default": 100],
    ],
    "examples": [["householdId": "h_00000000-0000-4000-8000-000000000006", "limit": 10]],
]

/// `bills.list`: a household's bills, newest first, a page at a time.
public enum BillsListOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "bills.list"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "A household's bills, newest date first, paged by cursor"
    public static let refusals = [LedgerOps.cursorRefusal]
    public static let argsSchema = pageSchema
    public typealias Args = PageArgs
    public struct Result: Codable, Sendable, Hashable {
        public var bills: [BillView]
        /// Pass back as `cursor` for the next page; absent on the last.
        public var nextCursor: String?
        public init(bills: [BillView], nextCursor: String?) {
            self.bills = bills
            self.nextCursor = nextCursor
        }
    }
}

/// A bill as every bill op answers it. Amounts are decimal strings in the bill's currency.
public struct BillView: Codable, Sendable, Hashable {
    public var billId: String
    public var householdId: String
    public var description: String
    public var amount: String
    public var currency: String
    public var date: String
    public var category: String?
    public var payers: [MemberAmount]
    /// Every member's share; they add up to `amount` exactly.
    public var shares: [MemberAmount]
    /// The split as given.
    public var split: SplitSpec
    public var version: Int
    public var createdBy: String
    /// The recurring rule that made it, if one did.
    public var recurringId: String?
    /// For a bill in another currency than the household's: what it was worth in the household's currency when
    /// written. Absent for one in the household's currency, and for one no rate could value (an import or a repeat
    /// with no reference rate for its date).
    public var value: EntryValueView?

    /// Creates the value.
    public init(
        billId: String,
        householdId: String,
        description: String,
        amount: String,
        currency: String,
        date: String,
        category: String?,
        payers: [MemberAmount],
        shares: [MemberAmount],
        split: SplitSpec,
        version: Int,
        createdBy: String,
        recurringId: String?,
        value: EntryValueView? = nil
    ) {
        self.billId = billId
        self.householdId = householdId
        self.description = description
        self.amount = amount
        self.currency = currency
        self.date = date
        self.category = category
        self.payers = payers
        self.shares = shares
        self.split = split
        self.version = version
        self.createdBy = createdBy
        self.recurringId = recurringId
        self.value = value
    }
}
