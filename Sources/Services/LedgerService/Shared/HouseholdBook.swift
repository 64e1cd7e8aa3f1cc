import LedgerAPI
import Storage
import StoredOps
import WorkerRuntime

/// The ledger's stores and settings, shared by its ops.
struct HouseholdBook: Sendable {
    let configuration: LedgerService.Configuration
    let users = UserStore()
    let sessions: SessionStore
    let throttle: LoginThrottle
    /// Where passwords are hashed and checked: threads of its own, bounded.
    let hashing: HashingPool
    let households = HouseholdStore()
    let requests = RequestStore()
    let bills = BillStore()
    let rounding = BillRounding()
    let payments = PaymentStore()
    let activity: ActivityLog
    let totals = BalanceTotals()
    let recurring = RecurringStore()
    let shopping = ShoppingStore()
    let inventory = InventoryStore()
    let profiles = ProfileStore()
    let records = RecordStore()
    let events = EventStore()

    init(configuration: LedgerService.Configuration) {
        self.configuration = configuration
        activity = ActivityLog(feed: configuration.activityFeed)
        sessions = SessionStore(lifetimeMilliseconds: configuration.sessionLifetime.milliseconds)
        throttle = LoginThrottle(
            pairLimit: configuration.loginFailureLimit,
            callerLimit: configuration.callerFailureLimit,
            windowMilliseconds: configuration.loginWindow.milliseconds
        )
        hashing = HashingPool(threads: configuration.hashThreads, maximumWaiting: configuration.hashQueue)
    }
}

/// Who asks and where: the op's transaction, the signed-in user, and the household they are a current member of.
struct HouseholdMember: Sendable {
    let db: any SQLExecutor
    let userID: String
    let household: HouseholdStore.Household
    let role: HouseholdStore.Role
}

extension HouseholdBook {
    /// The signed-in user as a current member of `householdID`.
    /// - Throws: `not_found` when they are not one (or it does not exist).
    func member(of householdID: String, _ user: SignedIn) async throws -> HouseholdMember {
        guard let (household, role) = try await households.membership(householdID, userID: user.userID, in: user.db)
        else {
            throw StoreError.notFound("household", householdID, field: "householdId")
        }
        return HouseholdMember(db: user.db, userID: user.userID, household: household, role: role)
    }

    /// The ids of `householdID`'s current members: those the session's read found (``SignedIn/housemates``), else
    /// read now.
    func currentMembers(of householdID: String, _ user: SignedIn) async throws -> Set<String> {
        if let prefetched = user.housemates, prefetched.householdID == householdID, let found = prefetched.found {
            return found.members
        }
        return try await households.currentMemberIDs(householdID, in: user.db)
    }

    /// ``member(of:_:)`` with the ids of the household's current members, read in the same statement (or with the
    /// session, ``SignedIn/housemates``).
    /// - Throws: `not_found` when the user is not a current member (or it does not exist).
    func memberAndHousemates(
        of householdID: String,
        _ user: SignedIn
    ) async throws -> (member: HouseholdMember, members: Set<String>) {
        let found =
            if let prefetched = user.housemates, prefetched.householdID == householdID {
                prefetched.found
            } else {
                try await households.membershipAndMembers(householdID, userID: user.userID, in: user.db)
            }
        guard let (household, role, members) = found else {
            throw StoreError.notFound("household", householdID, field: "householdId")
        }
        return (HouseholdMember(db: user.db, userID: user.userID, household: household, role: role), members)
    }
}
