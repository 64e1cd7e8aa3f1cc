import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `activity.list` and `activity.wait`.
    mutating func registerActivityOps(_ handlers: ActivityHandlers, _ scopes: LedgerScopes, database: any Database) {
        register(ActivityListOp.self, in: scopes.read, handler: handlers.activityList)
        // No scope: the wait must not hold a transaction, so each look is a read transaction of its own.
        register(ActivityWaitOp.self) { args, request in try await handlers.activityWait(args, request, database) }
    }
}

/// The activity feed's ops: with the activity log, the households' access policy, and the sessions (which a wait
/// checks again at each look), and nothing else.
struct ActivityHandlers: Sendable {
    let activity: ActivityLog
    let access: HouseholdAccess
    let sessions: SessionStore

    func activityList(_ args: ActivityListOp.Args, _ context: SignedIn) async throws -> ActivityListOp.Result {
        let (after, limit) = try Self.pageBounds(after: args.after, limit: args.limit)
        guard let before = args.before else {
            return try await activityPage(args.householdId, from: .after(after), limit: limit, context)
        }
        guard args.after == nil else {
            throw WireError(
                .invalidArgument,
                "give after (oldest first) or before (newest first), not both",
                field: "before"
            )
        }
        guard before >= 0 else { throw WireError(.invalidArgument, "before must be >= 0", field: "before") }
        return try await activityPage(args.householdId, from: .before(before), limit: limit, context)
    }

    /// Looks at once, then each time the household's feed signals a change, until a change is found or the wait
    /// (at most `waitMs`, ending 250 ms before the request's deadline) is over. Each look checks the session and
    /// the membership again, in a read transaction of its own; the worker's slot is lent back meanwhile.
    func activityWait(
        _ args: ActivityWaitOp.Args,
        _ request: OpContext,
        _ database: any Database
    ) async throws -> ActivityWaitOp.Result {
        let (after, limit) = try Self.pageBounds(after: args.after, limit: args.limit)
        let wait = try LongPollWait.duration(args.waitMs, request)
        let found = try await WaitingSlot.whileWaiting {
            try await activity.feed.signals.watch(args.householdId, timeout: wait) {
                let page = try await database.read { db in
                    try await activityPage(
                        args.householdId,
                        from: .after(after),
                        limit: limit,
                        try await sessions.signedIn(request, in: db)
                    )
                }
                return page.entries.isEmpty ? nil : page
            }
        }
        return found ?? ActivityWaitOp.Result(entries: [], cursor: after, more: false)
    }

    /// The `after` cursor and page size an activity op asked for, checked, with their defaults.
    private static func pageBounds(after: Int?, limit: Int?) throws -> (after: Int, limit: Int) {
        let after = after ?? 0
        let limit = limit ?? 100
        guard after >= 0 else { throw WireError(.invalidArgument, "after must be >= 0", field: "after") }
        guard (1...500).contains(limit) else {
            throw WireError(.invalidArgument, "limit must be between 1 and 500", field: "limit")
        }
        return (after, limit)
    }

    /// A page of `householdID`'s changes from `start`; its cursor is the last entry's, or where it started when
    /// there was none.
    private func activityPage(
        _ householdID: String,
        from start: ActivityLog.PageStart,
        limit: Int,
        _ context: SignedIn
    ) async throws -> ActivityListOp.Result {
        let member = try await self.access.member(of: householdID, context)
        let page = try await activity.list(household: member.household.id, from: start, limit: limit, in: member.db)
        let started =
            switch start {
            case .after(let cursor), .before(let cursor): cursor
            }
        return ActivityListOp.Result(
            entries: page.entries,
            cursor: page.entries.last?.cursor ?? started,
            more: page.more
        )
    }
}

// MARK: - What the session check reads with the session (SessionTargets)

extension ActivityListOp.Args: InHousehold {}
extension ActivityWaitOp.Args: InHousehold {}
