import Wire

/// Arguments naming a roommate request.
public struct RequestArgs: Codable, Sendable, Hashable {
    public var requestId: String
    public init(requestId: String) { self.requestId = requestId }
}

/// `roommates.request`: asks a user, by username, to join a household.
public enum RoommatesRequestOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "roommates.request"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary = "Asks a user (by username) to join the household; they accept or decline"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId", "username"],
        "properties": ["householdId": LedgerOps.id, "username": LedgerOps.username],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var username: String
        public init(householdId: String, username: String) {
            self.householdId = householdId
            self.username = username
        }
    }
    public typealias Result = RoommateRequestView
}

/// `roommates.retract`: the requester withdraws a pending request.
public enum RoommatesRetractOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "roommates.retract"
    public static let access = OpAccess.author
    public static let effect = OpEffect.write
    public static let summary = "Withdraws a pending request the caller sent"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["requestId"], "properties": ["requestId": LedgerOps.id],
    ]
    public typealias Args = RequestArgs
    public typealias Result = RoommateRequestView
}

/// `roommates.accept`: the requested user joins the household.
public enum RoommatesAcceptOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "roommates.accept"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.write
    public static let summary = "Accepts a request the caller received: they join the household as a member"
    public static let argsSchema = RoommatesRetractOp.argsSchema
    public typealias Args = RequestArgs
    public typealias Result = RoommateRequestView
}

/// `roommates.decline`: the requested user says no.
public enum RoommatesDeclineOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "roommates.decline"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.write
    public static let summary = "Declines a request the caller received"
    public static let argsSchema = RoommatesRetractOp.argsSchema
    public typealias Args = RequestArgs
    public typealias Result = RoommateRequestView
}

/// `roommates.leave`: the caller leaves a household, keeping their history and balance.
public enum RoommatesLeaveOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "roommates.leave"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary = "Leaves the household; with a non-zero balance it needs confirm: true"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId"],
        "properties": ["householdId": LedgerOps.id, "confirm": ["type": "boolean", "default": false]],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var confirm: Bool?
        public init(householdId: String, confirm: Bool? = nil) {
            self.householdId = householdId
            self.confirm = confirm
        }
    }
    public typealias Result = Done
}

/// `roommates.list`: a household's members, with the requests it sent, and every request the caller received.
public enum RoommatesListOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "roommates.list"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "Members and pending requests sent (with householdId), and requests the caller received"
    public static let argsSchema: JSONValue = ["type": "object", "properties": ["householdId": LedgerOps.id]]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String?
        public init(householdId: String? = nil) { self.householdId = householdId }
    }
    public struct Result: Codable, Sendable, Hashable {
        public var members: [MemberView]
        public var sent: [RoommateRequestView]
        public var received: [RoommateRequestView]
        public init(members: [MemberView], sent: [RoommateRequestView], received: [RoommateRequestView]) {
            self.members = members
            self.sent = sent
            self.received = received
        }
    }
}

/// `roommates.wait`: the requests the caller received, once their inbox moved past `after` (a request sent to them,
/// or one of those retracted, accepted or declined), waiting up to `waitMs` for it: a long poll, woken as
/// `activity.wait` is, so an invitation reaches someone in no household of the sender. Without `after` it answers at
/// once, with the counter to wait after. At the timeout it answers with the same counter.
public enum RoommatesWaitOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "roommates.wait"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.read
    public static let summary = "Requests received, once the caller's inbox moves past a counter (a long poll)"
    public static let argsSchema: JSONValue = [
        "type": "object",
        "properties": [
            "after": [
                "type": "integer", "minimum": 0,
                "description": "the inbox counter last seen; absent: answer at once",
            ],
            "waitMs": ActivityWaitOp.waitMs,
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var after: Int?
        public var waitMs: Int?
        public init(after: Int? = nil, waitMs: Int? = nil) {
            self.after = after
            self.waitMs = waitMs
        }
    }
    /// The caller's inbox counter and the requests pending for them.
    public struct Result: Codable, Sendable, Hashable {
        /// Moves with every change to a request sent to the caller; wait after it next.
        public var inbox: Int
        /// Pending requests sent to the caller, oldest first (as `roommates.list`'s `received`).
        public var received: [RoommateRequestView]
        public init(inbox: Int, received: [RoommateRequestView]) {
            self.inbox = inbox
            self.received = received
        }
    }
}

/// A request to join a household.
public struct RoommateRequestView: Codable, Sendable, Hashable {
    public var requestId: String
    public var householdId: String
    public var householdName: String
    /// Who asked.
    public var requestedBy: UserView
    /// Who is asked.
    public var user: UserView
    /// `pending`, `accepted`, `declined` or `retracted`.
    public var status: String
    /// ISO 8601, UTC.
    public var createdAt: String

    /// Creates the value.
    public init(
        requestId: String,
        householdId: String,
        householdName: String,
        requestedBy: UserView,
        user: UserView,
        status: String,
        createdAt: String
    ) {
        self.requestId = requestId
        self.householdId = householdId
        self.householdName = householdName
        self.requestedBy = requestedBy
        self.user = user
        self.status = status
        self.createdAt = createdAt
    }
}
