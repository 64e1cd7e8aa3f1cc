import LedgerAPI
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `activity.list`.
    mutating func registerActivityOps(_ book: HouseholdBook, _ scopes: LedgerScopes) {
        register(ActivityListOp.self, in: scopes.read, handler: book.activityList)
    }
}

extension HouseholdBook {
    func activityList(_ args: ActivityListOp.Args, _ context: SignedIn) async throws -> ActivityListOp.Result {
        let member = try await self.member(of: args.householdId, context)
        let (db, household) = (member.db, member.household)
        let after = args.after ?? 0
        let limit = args.limit ?? 100
        guard after >= 0 else { throw WireError(.invalidArgument, "after must be >= 0", field: "after") }
        guard (1...500).contains(limit) else {
            throw WireError(.invalidArgument, "limit must be between 1 and 500", field: "limit")
        }
        let page = try await self.activity.list(household: household.id, after: after, limit: limit, in: db)
        return ActivityListOp.Result(
            entries: page.entries,
            cursor: page.entries.last?.cursor ?? after,
            more: page.more
        )
    }
}
