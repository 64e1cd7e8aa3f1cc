import Wire

/// Arguments naming a household.
public struct HouseholdArgs: Codable, Sendable, Hashable {
    public var householdId: String
    public init(householdId: String) { self.householdId = householdId }
}

/// `household.create`: a household with the caller as its owner.
public enum HouseholdCreateOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "household.create"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.write
    public static let summary = "Creates a household; the caller is its owner (currency defaults to CAD)"
    public static let refusals = LedgerOps.valueRefusals(currencies: ["currency"])
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["name"],
        "properties": [
            "name": ["type": "string", "maxLength": 100, "pattern": .string(JSONSchema.notBlankPattern)],
            "currency": LedgerOps.currency,
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var name: String
        public var currency: String?
        public init(name: String, currency: String? = nil) {
            self.name = name
            self.currency = currency
        }
    }
    public typealias Result = HouseholdView
}

/// `household.list`: the households the caller belongs to.
public enum HouseholdListOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "household.list"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.read
    public static let summary = "The caller's households"
    public static let argsSchema: JSONValue = ["type": "object"]
    public typealias Args = NoArgs
    public struct Result: Codable, Sendable, Hashable {
        public var households: [HouseholdView]
        public init(households: [HouseholdView]) { self.households = households }
    }
}

/// `household.get`: one household with its members.
public enum HouseholdGetOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "household.get"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "A household with its members (past members marked inactive)"
    public static let argsSchema = LedgerOps.household
    public typealias Args = HouseholdArgs
    public typealias Result = HouseholdView
}

/// A household as its members see it.
public struct HouseholdView: Codable, Sendable, Hashable {
    public var householdId: String
    public var name: String
    public var currency: String
    /// The caller's role: `owner` or `member`.
    public var role: String
    public var members: [MemberView]

    /// Creates the value.
    public init(householdId: String, name: String, currency: String, role: String, members: [MemberView]) {
        self.householdId = householdId
        self.name = name
        self.currency = currency
        self.role = role
        self.members = members
    }
}

/// A member of a household, current or past.
public struct MemberView: Codable, Sendable, Hashable {
    public var userId: String
    public var username: String
    public var displayName: String
    /// `owner` or `member`.
    public var role: String
    /// `false` once they left; they keep their history and balance.
    public var active: Bool

    /// Creates the value.
    public init(userId: String, username: String, displayName: String, role: String, active: Bool) {
        self.userId = userId
        self.username = username
        self.displayName = displayName
        self.role = role
        self.active = active
    }
}
