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
    /// Who may see and change what: the households' one policy, over the same household store.
    var access: HouseholdAccess { HouseholdAccess(households: households) }
    let bills = BillStore()
    let rounding = BillRounding()
    let payments = PaymentStore()
    let activity: ActivityLog
    let totals = BalanceTotals()
    let recurring = RecurringStore()
    let shopping = ShoppingStore()
    let inventory = InventoryStore()
    let events = EventStore()

    /// The balances as the `balances` op answers them, for the export.
    var balanceReports: BalanceHandlers {
        BalanceHandlers(totals: totals, access: access, rates: configuration.rates)
    }

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
