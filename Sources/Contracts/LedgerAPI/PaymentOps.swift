import Wire

/// `payments.record`: one member paid another back, so balances move.
public enum PaymentsRecordOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "payments.record"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary = "Records that one member paid another (a settle-up transfer)"
    public static let refusals =
        LedgerOps.valueRefusals(amounts: ["amount"], currencies: ["currency"])
        + LedgerOps.memberRefusals(["from", "to"]) + LedgerOps.valuationRefusals
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId", "from", "to", "amount"],
        "properties": .object(
            JSONObject(
                [
                    ("householdId", LedgerOps.id), ("from", LedgerOps.id), ("to", LedgerOps.id),
                    ("amount", LedgerOps.amount), ("currency", LedgerOps.currency), ("date", LedgerOps.date),
                    ("note", ["type": "string"]),
                ] + LedgerOps.givenValue
            )
        ),
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var from: String
        public var to: String
        public var amount: String
        public var currency: String?
        public var date: String?
        public var note: String?
        /// See ``GivenValue``.
        public var rate: String?
        public var convertedAmount: String?
        public init(
            householdId: String,
            from: String,
            to: String,
            amount: String,
            currency: String? = nil,
            date: String? = nil,
            note: String? = nil,
            rate: String? = nil,
            convertedAmount: String? = nil
        ) {
            self.householdId = householdId
            self.from = from
            self.to = to
            self.amount = amount
            self.currency = currency
            self.date = date
            self.note = note
            self.rate = rate
            self.convertedAmount = convertedAmount
        }
    }
    public typealias Result = PaymentView
}

/// Arguments naming a payment, with the version last read where a change checks one.
public struct PaymentRefArgs: Codable, Sendable, Hashable {
    public var paymentId: String
    public var version: Int?
    public init(paymentId: String, version: Int? = nil) {
        self.paymentId = paymentId
        self.version = version
    }
}

/// `payments.delete`: deletes a payment recorded by mistake (kept in the activity log).
public enum PaymentsDeleteOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "payments.delete"
    public static let access = OpAccess.author
    public static let effect = OpEffect.write
    public static let summary = "Deletes a payment; the activity log keeps it (version optional, checked when given)"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["paymentId"],
        "properties": ["paymentId": LedgerOps.id, "version": LedgerOps.version],
    ]
    public typealias Args = PaymentRefArgs
    public typealias Result = Done
}

/// `payments.get`: one payment, with the version an edit must name.
public enum PaymentsGetOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "payments.get"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "One payment, with its version"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["paymentId"], "properties": ["paymentId": LedgerOps.id],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var paymentId: String
        public init(paymentId: String) { self.paymentId = paymentId }
    }
    public typealias Result = PaymentView
}

/// `payments.edit`: corrects a payment's amount, currency, date or note, given the version last read.
public enum PaymentsEditOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "payments.edit"
    public static let access = OpAccess.author
    public static let effect = OpEffect.write
    public static let summary = "Corrects a payment's amount, currency, date or note; a stale version is refused"
    public static let refusals =
        LedgerOps.valueRefusals(amounts: ["amount"], currencies: ["currency"]) + LedgerOps.valuationRefusals
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["paymentId", "version"],
        "properties": .object(
            JSONObject(
                [
                    ("paymentId", LedgerOps.id), ("version", LedgerOps.version), ("amount", LedgerOps.amount),
                    ("currency", LedgerOps.currency), ("date", LedgerOps.date), ("note", ["type": "string"]),
                ] + LedgerOps.givenValue
            )
        ),
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var paymentId: String
        public var version: Int
        public var amount: String?
        public var currency: String?
        public var date: String?
        public var note: String?
        /// See ``GivenValue``.
        public var rate: String?
        public var convertedAmount: String?
        public init(
            paymentId: String,
            version: Int,
            amount: String? = nil,
            currency: String? = nil,
            date: String? = nil,
            note: String? = nil,
            rate: String? = nil,
            convertedAmount: String? = nil
        ) {
            self.paymentId = paymentId
            self.version = version
            self.amount = amount
            self.currency = currency
            self.date = date
            self.note = note
            self.rate = rate
            self.convertedAmount = convertedAmount
        }
    }
    public typealias Result = PaymentView
}

/// `payments.list`: a household's payments, newest first, a page at a time.
public enum PaymentsListOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "payments.list"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "A household's payments, newest date first, paged by cursor"
    public static let refusals = [LedgerOps.cursorRefusal]
    public static let argsSchema = pageSchema
    public typealias Args = PageArgs
    public struct Result: Codable, Sendable, Hashable {
        public var payments: [PaymentView]
        public var nextCursor: String?
        public init(payments: [PaymentView], nextCursor: String?) {
            self.payments = payments
            self.nextCursor = nextCursor
        }
    }
}

/// A payment between two members.
public struct PaymentView: Codable, Sendable, Hashable {
    public var paymentId: String
    public var householdId: String
    public var from: String
    public var to: String
    public var amount: String
    public var currency: String
    public var date: String
    public var note: String?
    public var version: Int
    public var createdBy: String
    /// For a payment in another currency than the household's: what it was worth in the household's currency.
    public var value: EntryValueView?

    /// Creates the value.
    public init(
        paymentId: String,
        householdId: String,
        from: String,
        to: String,
        amount: String,
        currency: String,
        date: String,
        note: String?,
        version: Int,
        createdBy: String,
        value: EntryValueView? = nil
    ) {
        self.paymentId = paymentId
        self.householdId = householdId
        self.from = from
        self.to = to
        self.amount = amount
        self.currency = currency
        self.date = date
        self.note = note
        self.version = version
        self.createdBy = createdBy
        self.value = value
    }
}
