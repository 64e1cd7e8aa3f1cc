import Wire

/// `profile.get`: the signed-in user's profile (what calc's tax ops take their defaults from).
public enum ProfileGetOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "profile.get"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.read
    public static let summary = "The signed-in user's profile: income, province, marital status"
    public static let argsSchema: JSONValue = ["type": "object"]
    public typealias Args = NoArgs
    public typealias Result = ProfileView
}

/// `profile.set`: changes the fields given; `""` clears one.
public enum ProfileSetOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "profile.set"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.write
    public static let summary = "Sets profile fields (\"\" clears one); calc's tax ops default to them"
    public static let argsSchema: JSONValue = [
        "type": "object",
        "properties": [
            "income": ["type": "string", "description": "yearly employment income in CAD, e.g. \"85000.00\""],
            "province": ["type": "string", "description": "province or territory code, e.g. ON"],
            "maritalStatus": [
                "type": "string", "enum": ["single", "married", "commonLaw", "separated", "divorced", "widowed", ""],
            ],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var income: String?
        public var province: String?
        public var maritalStatus: String?
        public init(income: String? = nil, province: String? = nil, maritalStatus: String? = nil) {
            self.income = income
            self.province = province
            self.maritalStatus = maritalStatus
        }
    }
    public typealias Result = ProfileView
}

/// A user's profile; every field is absent until set.
public struct ProfileView: Codable, Sendable, Hashable {
    /// Yearly employment income in CAD, two decimals.
    public var income: String?
    public var province: String?
    public var maritalStatus: String?
    /// When it last changed (ISO 8601 UTC).
    public var updatedAt: String?
    public init(income: String? = nil, province: String? = nil, maritalStatus: String? = nil, updatedAt: String? = nil)
    {
        self.income = income
        self.province = province
        self.maritalStatus = maritalStatus
        self.updatedAt = updatedAt
    }
}
