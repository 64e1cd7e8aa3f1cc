import Wire

/// `recurring.add`: a bill that repeats weekly or monthly until an end date; due occurrences are created at once.
public enum RecurringAddOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "recurring.add"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary = "A repeating bill (weekly or monthly, every interval, from start to end)"
    public static let refusals =
        LedgerOps.valueRefusals(amounts: ["amount"], currencies: ["currency"])
        + LedgerOps.memberRefusals(["paidBy", "payers", "split"]) + [LedgerOps.descriptionRefusal]
    public static let argsSchema: JSONValue = [
        "type": "object",
        "required": ["householdId", "description", "amount", "split", "frequency", "start"],
        "properties": [
            "householdId": LedgerOps.id, "description": LedgerOps.description, "amount": LedgerOps.amount,
            "currency": LedgerOps.currency, "category": LedgerOps.category, "paidBy": LedgerOps.id,
            "payers": LedgerOps.payers, "split": LedgerOps.split,
            "frequency": ["type": "string", "enum": ["weekly", "monthly"]],
            "interval": ["type": "integer", "minimum": 1, "default": 1],
            "start": LedgerOps.date, "end": LedgerOps.date,
            "date": ["not": [:], "description": "refused: each occurrence is dated by start, frequency and interval"],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var bill: BillFields
        public var frequency: String
        public var interval: Int?
        public var start: String
        public var end: String?

        /// Creates the value; `bill.date` must be `nil` (each occurrence has its own).
        public init(
            householdId: String,
            bill: BillFields,
            frequency: String,
            interval: Int? = nil,
            start: String,
            end: String? = nil
        ) {
            self.householdId = householdId
            self.bill = bill
            self.frequency = frequency
            self.interval = interval
            self.start = start
            self.end = end
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            householdId = try container.decode(String.self, forKey: .householdId)
            frequency = try container.decode(String.self, forKey: .frequency)
            interval = try container.decodeIfPresent(Int.self, forKey: .interval)
            start = try container.decode(String.self, forKey: .start)
            end = try container.decodeIfPresent(String.self, forKey: .end)
            bill = try BillFields(from: decoder)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(householdId, forKey: .householdId)
            try container.encode(frequency, forKey: .frequency)
            try container.encodeIfPresent(interval, forKey: .interval)
            try container.encode(start, forKey: .start)
            try container.encodeIfPresent(end, forKey: .end)
            try bill.encode(to: encoder)
        }

        private enum Key: String, CodingKey { case householdId, frequency, interval, start, end }
    }
    public typealias Result = RecurringView
}

/// `recurring.list`: a household's repeating bills.
public enum RecurringListOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "recurring.list"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "A household's repeating bills with their state and last occurrence"
    public static let argsSchema = LedgerOps.household
    public typealias Args = HouseholdArgs
    public struct Result: Codable, Sendable, Hashable {
        public var rules: [RecurringView]
        public init(rules: [RecurringView]) { self.rules = rules }
    }
}

/// Arguments naming a recurring rule.
public struct RecurringArgs: Codable, Sendable, Hashable {
    public var recurringId: String
    public init(recurringId: String) { self.recurringId = recurringId }
}

private let recurringRef: JSONValue = [
    "type": "object", "required": ["recurringId"], "properties": ["recurringId": LedgerOps.id],
]

/// `recurring.get`: one repeating bill, in any state, as a member of its household sees it.
public enum RecurringGetOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "recurring.get"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "One repeating bill with its state and last occurrence"
    public static let argsSchema = recurringRef
    public typealias Args = RecurringArgs
    public typealias Result = RecurringView
}

/// `recurring.pause`: no occurrences are created while paused (missed ones are skipped, not caught up).
public enum RecurringPauseOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "recurring.pause"
    public static let access = OpAccess.author
    public static let effect = OpEffect.write
    public static let summary = "Pauses a repeating bill; occurrences due while paused are skipped"
    public static let argsSchema = recurringRef
    public typealias Args = RecurringArgs
    public typealias Result = RecurringView
}

/// `recurring.resume`: a paused rule goes on from its next date after today.
public enum RecurringResumeOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "recurring.resume"
    public static let access = OpAccess.author
    public static let effect = OpEffect.write
    public static let summary = "Resumes a paused repeating bill from its next date after today"
    public static let argsSchema = recurringRef
    public typealias Args = RecurringArgs
    public typealias Result = RecurringView
}

/// `recurring.end`: the rule stops for good; bills it made stay.
public enum RecurringEndOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "recurring.end"
    public static let access = OpAccess.author
    public static let effect = OpEffect.write
    public static let summary = "Ends a repeating bill for good; the bills it made stay"
    public static let argsSchema = recurringRef
    public typealias Args = RecurringArgs
    public typealias Result = RecurringView
}

/// A repeating bill.
public struct RecurringView: Codable, Sendable, Hashable {
    public var recurringId: String
    public var householdId: String
    public var description: String
    public var amount: String
    public var currency: String
    public var frequency: String
    public var interval: Int
    public var start: String
    public var end: String?
    /// `active`, `paused` or `ended`.
    public var state: String
    /// The date of the last occurrence created, if any.
    public var lastDate: String?
    /// After a resume, the date on or before which no occurrence is made (those missed while paused).
    public var resumeAfter: String?
    /// The bill each occurrence copies, dated by the rule: its payers and split as well as the fields above.
    public var bill: BillFields
    public var createdBy: String

    /// Creates the value.
    public init(
        recurringId: String,
        householdId: String,
        description: String,
        amount: String,
        currency: String,
        frequency: String,
        interval: Int,
        start: String,
        end: String?,
        state: String,
        lastDate: String?,
        resumeAfter: String?,
        bill: BillFields,
        createdBy: String
    ) {
        self.recurringId = recurringId
        self.householdId = householdId
        self.description = description
        self.amount = amount
        self.currency = currency
        self.frequency = frequency
        self.interval = interval
        self.start = start
        self.end = end
        self.state = state
        self.lastDate = lastDate
        self.resumeAfter = resumeAfter
        self.bill = bill
        self.createdBy = createdBy
    }
}
