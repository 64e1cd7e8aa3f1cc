import Wire

/// `import.start`: brings a household's history in from a file, as one transaction, once per file.
public enum ImportStartOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "import.start"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary =
        "Imports a Splitwise CSV, an IHateMoney bills.json or Reckon's export.json as bills and payments: dryRun "
        + "previews, the same file twice imports once"
    public static let refusals = [
        OpRefusal(.invalidArgument, field: "file", "a row cannot be imported (a dryRun lists every row's error)"),
        OpRefusal(.invalidArgument, field: "members", "a name maps to no current member"),
    ]
    /// The formats `from` may name.
    public static let sources: [JSONValue] = ["splitwise", "ihatemoney", "reckon"]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId", "from", "file"],
        "properties": [
            "householdId": LedgerOps.id,
            "from": [
                "type": "string", "enum": .array(sources),
                "description":
                    "splitwise: a group's CSV export; ihatemoney: its bills.json export; reckon: export.json",
            ],
            "file": ["type": "string", "minLength": 1, "description": "the file's text, as exported"],
            "members": [
                "type": "object", "additionalProperties": LedgerOps.id,
                "description": .string(
                    "the file's member names (Splitwise, IHateMoney) or user ids (Reckon) to a member's user id or "
                        + "username; "
                        + "a name left out maps to the member with that username, display name or user id"
                ),
            ],
            "dryRun": ["type": "boolean", "description": "answer what would be imported, writing nothing"],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var from: String
        public var file: String
        public var members: [String: String]?
        public var dryRun: Bool?
        public init(
            householdId: String,
            from: String,
            file: String,
            members: [String: String]? = nil,
            dryRun: Bool? = nil
        ) {
            self.householdId = householdId
            self.from = from
            self.file = file
            self.members = members
            self.dryRun = dryRun
        }
    }
    public typealias Result = ImportView
}

/// What `import.start` answers: what was (or, in a dry run, would be) imported, and the balances it leaves.
public struct ImportView: Codable, Sendable, Hashable {
    /// SHA-256 of the file's UTF-8 bytes, in hex: a household imports a file once.
    public var digest: String
    public var from: String
    public var dryRun: Bool
    /// True when this household imported the same file before: nothing was written this time.
    public var alreadyImported: Bool
    /// Bills the file holds (written, unless a dry run or already imported).
    public var bills: Int
    /// Payments (settlements) the file holds.
    public var payments: Int
    /// Repeating bills, calendar events, shopping-list items and stock lines the file holds (a Reckon export),
    /// restored after the money.
    public var recurringRules: Int
    public var events: Int
    public var shoppingItems: Int
    public var stockLines: Int
    /// Rows that change no balance (a Splitwise row nobody owes on), skipped: the first ``ImportView/listLimit``.
    public var skipped: [ImportRowNote]
    /// How many rows were skipped in all.
    public var skippedCount: Int
    /// The rows that cannot be imported, the first ``ImportView/listLimit``; any makes a real import refuse the whole
    /// file.
    public var errors: [ImportRowNote]
    /// How many errors there are in all (`errors` lists the first ``ImportView/listLimit``).
    public var errorCount: Int
    /// In a dry run, the first rows as they would be written (at most ``ImportView/previewLimit``).
    public var preview: [ImportRowView]?
    /// The file's member names, each with the member it became (none when no member matched it).
    public var names: [ImportName]
    /// Each member's net in each currency once the file is imported: positive when they are owed.
    public var balances: [ImportBalance]
    /// `exact` when every amount is kept as the file wrote it; `cent` when the file kept floats (IHateMoney), so balances
    /// agree with the source's to the cent.
    public var exactness: String

    /// At most this many rows are previewed.
    public static let previewLimit = 200
    /// At most this many errors, and skipped rows, are listed, so that a file of garbage gets an answer of bounded
    /// size.
    public static let listLimit = 500

    /// Creates the value.
    public init(
        digest: String,
        from: String,
        dryRun: Bool,
        alreadyImported: Bool,
        bills: Int,
        payments: Int,
        recurringRules: Int,
        events: Int,
        shoppingItems: Int,
        stockLines: Int,
        skipped: [ImportRowNote],
        errors: [ImportRowNote],
        preview: [ImportRowView]?,
        names: [ImportName],
        balances: [ImportBalance],
        exactness: String
    ) {
        self.digest = digest
        self.from = from
        self.dryRun = dryRun
        self.alreadyImported = alreadyImported
        self.bills = bills
        self.payments = payments
        self.recurringRules = recurringRules
        self.events = events
        self.shoppingItems = shoppingItems
        self.stockLines = stockLines
        self.skipped = Array(skipped.prefix(Self.listLimit))
        skippedCount = skipped.count
        self.errors = Array(errors.prefix(Self.listLimit))
        errorCount = errors.count
        self.preview = preview
        self.names = names
        self.balances = balances
        self.exactness = exactness
    }
}

/// A row of an imported file, and what is wrong with it or why it was skipped.
public struct ImportRowNote: Codable, Sendable, Hashable {
    /// The row's line number in the file (1 is the header of a CSV), or its position in a JSON list.
    public var row: Int
    /// The column or member the note is about, if one.
    public var column: String?
    public var message: String

    /// Creates the value.
    public init(row: Int, column: String?, message: String) {
        self.row = row
        self.column = column
        self.message = message
    }
}

/// One row as it would be written: a bill (`payers` and `shares`) or a payment (`from` and `to`).
public struct ImportRowView: Codable, Sendable, Hashable {
    public var row: Int
    /// `bill` or `payment`.
    public var kind: String
    public var date: String
    public var description: String
    public var currency: String
    public var amount: String
    public var payers: [MemberAmount]?
    public var shares: [MemberAmount]?
    public var from: String?
    public var to: String?

    /// Creates the value.
    public init(
        row: Int,
        kind: String,
        date: String,
        description: String,
        currency: String,
        amount: String,
        payers: [MemberAmount]? = nil,
        shares: [MemberAmount]? = nil,
        from: String? = nil,
        to: String? = nil
    ) {
        self.row = row
        self.kind = kind
        self.date = date
        self.description = description
        self.currency = currency
        self.amount = amount
        self.payers = payers
        self.shares = shares
        self.from = from
        self.to = to
    }
}

/// A member's net in one currency.
public struct ImportBalance: Codable, Sendable, Hashable {
    public var userId: String
    public var currency: String
    public var net: String

    /// Creates the value.
    public init(userId: String, currency: String, net: String) {
        self.userId = userId
        self.currency = currency
        self.net = net
    }
}

/// A member name of an imported file, and the member it became.
public struct ImportName: Codable, Sendable, Hashable {
    public var name: String
    /// None when no member matched the name: map it with `members`.
    public var userId: String?

    /// Creates the value.
    public init(name: String, userId: String?) {
        self.name = name
        self.userId = userId
    }
}
