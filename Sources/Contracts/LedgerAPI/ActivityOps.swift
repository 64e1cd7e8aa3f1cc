import Wire

/// `activity.list`: the household's change log, oldest first after a cursor; also the change feed of an offline
/// client, which asks for everything after the last cursor it saw.
public enum ActivityListOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "activity.list"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary =
        "Changes after a cursor, oldest first, or before one, newest first: who, what, when, before and after"
    public static let refusals = [OpRefusal(.invalidArgument, field: "before", "given with after")]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId"],
        "properties": .object(
            JSONObject(
                pageProperties + [
                    (
                        "before",
                        [
                            "type": "integer", "minimum": 0,
                            "description":
                                "newest first: the changes before this cursor (0: from the newest); not with after",
                        ]
                    )
                ]
            )
        ),
    ]
    /// The household and the page: what `activity.wait` takes too.
    static let pageProperties: [(String, JSONValue)] = [
        ("householdId", LedgerOps.id),
        (
            "after",
            ["type": "integer", "minimum": 0, "description": "the last cursor seen; 0 or absent: from the start"]
        ),
        ("limit", ["type": "integer", "minimum": 1, "maximum": 500, "default": 100]),
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var after: Int?
        /// Newest first, the changes before this cursor; 0 for the newest.
        public var before: Int?
        public var limit: Int?
        public init(householdId: String, after: Int? = nil, before: Int? = nil, limit: Int? = nil) {
            self.householdId = householdId
            self.after = after
            self.before = before
            self.limit = limit
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        public var entries: [ActivityView]
        /// The cursor of the last entry returned (or where the page started when none): pass it back as `after`, or
        /// as `before` when paging newest first.
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

/// `activity.wait`: the household's changes after a cursor, as `activity.list` gives them, waiting up to `waitMs`
/// for the first one: a long poll, woken by the write itself (on PostgreSQL by `NOTIFY`, so a write through another
/// worker or host wakes it too). At the timeout it answers with no entries and the same cursor. While it waits, the
/// worker lends its slot back to the gateway, so waits never hold up other requests.
public enum ActivityWaitOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "activity.wait"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "Changes after a cursor, waiting up to waitMs for the first one (a long poll)"
    /// The longest wait: well inside the gateway's default deadline (5 s) and the worker's request timeout (4 s).
    public static let maximumWaitMs = 3000
    /// A long poll's `waitMs` argument (`roommates.wait` takes it too).
    static let waitMs: JSONValue = [
        "type": "integer", "minimum": 0, "maximum": .number("\(maximumWaitMs)"),
        "default": .number("\(maximumWaitMs)"),
        "description": "how long to wait for a change; the wait also ends before the request's deadline",
    ]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId"],
        "properties": .object(
            JSONObject(
                ActivityListOp.pageProperties + [("waitMs", waitMs)]
            )
        ),
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var after: Int?
        public var limit: Int?
        public var waitMs: Int?
        public init(householdId: String, after: Int? = nil, limit: Int? = nil, waitMs: Int? = nil) {
            self.householdId = householdId
            self.after = after
            self.limit = limit
            self.waitMs = waitMs
        }
    }
    public typealias Result = ActivityListOp.Result
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
