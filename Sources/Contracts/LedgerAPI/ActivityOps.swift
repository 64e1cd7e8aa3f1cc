import Wire

/// `activity.list`: the household's change log, oldest first after a cursor; also the change feed of an offline
/// client, which asks for everything after the last cursor it saw.
public enum ActivityListOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "activity.list"
    public static let effect = OpEffect.read
    public static let summary = "Changes after a cursor, oldest first: who, what, when, before and after"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId"],
        "properties": [
            "householdId": LedgerOps.id,
            "after": [
                "type": "integer", "minimum": 0, "description": "the last cursor seen; 0 or absent: from the start",
            ],
            "limit": ["type": "integer", "minimum": 1, "maximum": 500, "default": 100],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var after: Int?
        public var limit: Int?
        public init(householdId: String, after: Int? = nil, limit: Int? = nil) {
            self.householdId = householdId
            self.after = after
            self.limit = limit
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        public var entries: [ActivityView]
        /// The cursor of the last entry returned (or `after` when none): pass it back as `after`.
        public var cursor: Int
        /// Whether more entries follow.
        public var more: Bool
        public init(entries: [ActivityView], cursor: Int, more: Bool) {
            self.entries = entries
            self.cursor = cursor
            self.more = more
        }
    }
}

/// One change to a household.
public struct ActivityView: Codable, Sendable, Hashable {
    /// Increases by one per change within the household.
    public var cursor: Int
    /// Who made it.
    public var userId: String
    /// e.g. `bill.added`, `bill.edited`, `bill.deleted`, `payment.recorded`, `member.joined`.
    public var action: String
    /// `bill`, `payment`, `household`, `member`, `request` or `recurring`.
    public var entity: String
    public var entityId: String
    /// ISO 8601, UTC.
    public var at: String
    /// The entity before the change (absent for a creation).
    public var before: JSONValue?
    /// The entity after the change (absent for a deletion).
    public var after: JSONValue?

    /// Creates the value.
    public init(
        cursor: Int,
        userId: String,
        action: String,
        entity: String,
        entityId: String,
        at: String,
        before: JSONValue?,
        after: JSONValue?
    ) {
        self.cursor = cursor
        self.userId = userId
        self.action = action
        self.entity = entity
        self.entityId = entityId
        self.at = at
        self.before = before
        self.after = after
    }
}
