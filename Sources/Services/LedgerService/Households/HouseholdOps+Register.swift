import Foundation
import LedgerAPI
import Money
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `household.create`, `household.list`, `household.get`.
    mutating func registerHouseholdOps(_ handlers: HouseholdHandlers, _ scopes: LedgerScopes) {
        register(HouseholdCreateOp.self, in: scopes.write, handler: handlers.householdCreate)
        register(HouseholdListOp.self, in: scopes.read, handler: handlers.householdList)
        register(HouseholdGetOp.self, in: scopes.read, handler: handlers.householdGet)
    }
}

extension HouseholdStore {
    /// A household as `role` sees it, with every member.
    func view(
        of household: HouseholdStore.Household,
        role: HouseholdStore.Role,
        in db: any SQLExecutor
    ) async throws
        -> HouseholdView
    {
        HouseholdView(
            householdId: household.id,
            name: household.name,
            currency: household.currency,
            role: role.rawValue,
            members: try await members(household.id, in: db)
        )
    }
}

/// The households' and roommates' ops: with the households', invitations' and users' stores, the access policy, the
/// activity log, the invitees' inboxes and the balances' totals (a member who owes or is owed may not leave), and
/// nothing else.
struct HouseholdHandlers: Sendable {
    let households: HouseholdStore
    let requests: RequestStore
    let users: UserStore
    let access: HouseholdAccess
    let activity: ActivityLog
    let inbox: Inbox
    let totals: BalanceTotals

    func householdCreate(_ args: HouseholdCreateOp.Args, _ context: SignedIn) async throws -> HouseholdCreateOp.Result {
        let db = context.db
        let userID = context.userID
        let name = args.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...100).contains(name.count) else {
            throw WireError(.invalidArgument, "a household name has 1 to 100 characters", field: "name")
        }
        let currency = try Currency.named(args.currency ?? "CAD", field: "currency")
        let household = try await self.households.create(
            name: name,
            currency: currency.code,
            ownerID: userID,
            in: db
        )
        let view = try await self.households.view(of: household, role: .owner, in: db)
        try await self.activity.record(
            .init(
                action: "household.created",
                entity: "household",
                entityID: household.id,
                before: nil,
                after: view
            ),
            household: household.id,
            userID: userID,
            in: db
        )
        return view
    }

    func householdList(_ _: HouseholdListOp.Args, _ context: SignedIn) async throws -> HouseholdListOp.Result {
        let db = context.db
        var households: [HouseholdView] = []
        for (household, role) in try await self.households.list(userID: context.userID, in: db) {
            households.append(try await self.households.view(of: household, role: role, in: db))
        }
        return HouseholdListOp.Result(households: households)
    }

    func householdGet(_ args: HouseholdGetOp.Args, _ context: SignedIn) async throws -> HouseholdGetOp.Result {
        let member = try await self.access.member(of: args.householdId, context)
        let (db, household, role) = (member.db, member.household, member.role)
        return try await self.households.view(of: household, role: role, in: db)
    }
}

// MARK: - What the session check reads with the session (SessionTargets)

extension HouseholdArgs: InHousehold {}
