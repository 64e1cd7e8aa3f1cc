import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `roommates.request`, `.retract`, `.accept`, `.decline`, `.leave`, `.list`.
    mutating func registerRoommateOps(_ handlers: HouseholdHandlers, _ scopes: LedgerScopes) {
        register(RoommatesRequestOp.self, in: scopes.write, handler: handlers.roommatesRequest)
        register(RoommatesRetractOp.self, in: scopes.write, handler: handlers.roommatesRetract)
        register(RoommatesAcceptOp.self, in: scopes.write, handler: handlers.roommatesAccept)
        register(RoommatesDeclineOp.self, in: scopes.write, handler: handlers.roommatesDecline)
        register(RoommatesLeaveOp.self, in: scopes.write, handler: handlers.roommatesLeave)
        register(RoommatesListOp.self, in: scopes.read, handler: handlers.roommatesList)
    }
}

/// Which side of a request may make a decision.
enum RequestSide {
    case requester, invitee
}

extension HouseholdHandlers {
    /// Moves a pending request to `status` when the caller is on `side` of it; an accepted request makes the
    /// invitee a member.
    func decide(
        _ requestID: String,
        _ status: RequestStore.Status,
        by side: RequestSide,
        _ context: SignedIn
    )
        async throws -> RoommateRequestView
    {
        let db = context.db
        let userID = context.userID
        let request = try await requests.find(requestID, visibleTo: userID, in: db)
        let allowed = side == .requester ? request.requestedBy == userID : request.userID == userID
        guard allowed else {
            let who = side == .requester ? "the member who sent it" : "the user it was sent to"
            throw WireError(.permissionDenied, "only \(who) may \(status.verb) it", field: "requestId")
        }
        try await requests.decide(request, status, in: db)
        try await inbox.announce(to: request.userID, in: db)
        if status == .accepted { try await households.join(request.householdID, userID: userID, in: db) }
        let view = try await requests.view(request.id, in: db)
        try await activity.record(
            .init(
                action: "request.\(status.rawValue)",
                entity: "request",
                entityID: request.id,
                before: nil,
                after: view
            ),
            household: request.householdID,
            userID: userID,
            in: db
        )
        return view
    }
}

extension RequestStore.Status {
    /// The verb for messages: "accept", "decline", "retract".
    var verb: String {
        switch self {
        case .pending: "leave pending"
        case .accepted: "accept"
        case .declined: "decline"
        case .retracted: "retract"
        }
    }
}

extension HouseholdHandlers {
    func roommatesRequest(
        _ args: RoommatesRequestOp.Args,
        _ context: SignedIn
    ) async throws -> RoommatesRequestOp.Result {
        let member = try await self.access.member(of: args.householdId, context)
        let (db, userID, household) = (member.db, member.userID, member.household)
        let username = try Credentials.username(args.username)
        guard let invitee = try await self.users.find(username: username, in: db) else {
            throw WireError(.notFound, "no user \(username)", field: "username")
        }
        guard try await !self.households.isMember(household.id, userID: invitee.id, in: db) else {
            throw WireError(.alreadyExists, "\(username) is already a member", field: "username")
        }
        let id = try await self.requests.create(
            household: household.id,
            requestedBy: userID,
            userID: invitee.id,
            in: db
        )
        try await self.inbox.announce(to: invitee.id, in: db)
        let view = try await self.requests.view(id, in: db)
        try await self.activity.record(
            .init(action: "request.sent", entity: "request", entityID: id, before: nil, after: view),
            household: household.id,
            userID: userID,
            in: db
        )
        return view
    }

    func roommatesRetract(
        _ args: RoommatesRetractOp.Args,
        _ context: SignedIn
    ) async throws -> RoommatesRetractOp.Result {
        try await self.decide(args.requestId, .retracted, by: .requester, context)
    }

    func roommatesAccept(_ args: RoommatesAcceptOp.Args, _ context: SignedIn) async throws -> RoommatesAcceptOp.Result {
        try await self.decide(args.requestId, .accepted, by: .invitee, context)
    }

    func roommatesDecline(
        _ args: RoommatesDeclineOp.Args,
        _ context: SignedIn
    ) async throws -> RoommatesDeclineOp.Result {
        try await self.decide(args.requestId, .declined, by: .invitee, context)
    }

    func roommatesLeave(_ args: RoommatesLeaveOp.Args, _ context: SignedIn) async throws -> RoommatesLeaveOp.Result {
        let member = try await self.access.member(of: args.householdId, context)
        let (db, userID, household, role) = (member.db, member.userID, member.household, member.role)
        let owed = try await self.totals.nonZeroNets(of: userID, in: household.id, db: db)
        guard owed.isEmpty || args.confirm == true else {
            throw WireError(
                .failedPrecondition,
                "your balance is not zero (\(owed.joined(separator: ", "))): settle up first, or leave with "
                    + "confirm: true and keep it",
                field: "confirm"
            )
        }
        try await self.households.leave(household.id, userID: userID, role: role, in: db)
        try await self.activity.record(
            .init(action: "member.left", entity: "member", entityID: userID, before: nil, after: nil),
            household: household.id,
            userID: userID,
            in: db
        )
        return Done()
    }

    func roommatesList(_ args: RoommatesListOp.Args, _ context: SignedIn) async throws -> RoommatesListOp.Result {
        let db = context.db
        let userID = context.userID
        let received = try await self.requests.received(userID: userID, in: db)
        guard let householdID = args.householdId else {
            return RoommatesListOp.Result(members: [], sent: [], received: received)
        }
        let household = try await self.access.member(of: householdID, context).household
        return RoommatesListOp.Result(
            members: try await self.households.members(household.id, in: db),
            sent: try await self.requests.sent(household: household.id, in: db),
            received: received
        )
    }
}

// MARK: - What the session check reads with the session (SessionTargets)

extension RoommatesRequestOp.Args: InHousehold {}
extension RoommatesLeaveOp.Args: InHousehold {}

extension RoommatesListOp.Args: NamesHousehold {
    var namedHousehold: String? { householdId }
}
