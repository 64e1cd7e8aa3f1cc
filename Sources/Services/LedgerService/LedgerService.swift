import Calculator
import Foundation
import Ledger
import LedgerAPI
import Logging
import Storage
import StoredOps
import Webhooks
import WorkerRuntime

/// The `ledger` service: accounts, households, bills and splits, balances, settle-up, the household calendar and the
/// activity log, over a ``Database``.
public enum LedgerService {
    /// The service name workers register.
    public static let name = LedgerOps.service

    /// How the service behaves.
    public struct Configuration: Sendable {
        /// - `sessionLifetime` (duration, 30 days): how long a session token lasts.
        public var sessionLifetime: Duration
        /// - `passwords` (Argon2id parameters, libsodium's interactive level): how passwords are hashed.
        public var passwords: PasswordHasher
        /// - `loginFailureLimit` (5) failed sign-ins of one username from one caller within `loginWindow` (15 min)
        ///   refuse that pair until the window ends; `callerFailureLimit` (30) failed sign-ins from one caller, for
        ///   any usernames, lock that caller out (LoginThrottle).
        public var loginFailureLimit: Int
        public var callerFailureLimit: Int
        public var loginWindow: Duration
        /// - `hashThreads` (half the cores, at least 1): Argon2id hashes run at once, on threads of their own;
        ///   `hashQueue` (as many): hashes waiting behind them. Past both, a sign-in is refused at once with
        ///   `resource_exhausted` (HashingPool).
        public var hashThreads: Int
        public var hashQueue: Int

        /// Half the cores, at least 1: sign-ins never take every core.
        public static let defaultHashThreads = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
        /// - `rates` (none): the reference-rates table calc loads, for `balances` `convertTo`.
        public var rates: RatesTable?
        /// - `calc` (none): where saved calculations (`records.save`, `records.rerun`) run calc's ops; without it
        ///   they answer `unavailable`.
        public var calc: (any CalcCalls)?
        /// - `calcTimeout` (4 s): the longest a saved calculation's call to calc may take, within what is left of
        ///   the op's own deadline.
        public var calcTimeout: Duration
        /// - `now` (the system clock): the current time; its UTC date is ``today()``, up to which recurring bills
        ///   are due, and its date in a caller's time zone is where `inventory.list`'s expiring filter counts from.
        public var now: @Sendable () -> Date
        /// - `activityFeed` (a new one): where `activity.wait` hears of changes; give the same one to the worker's
        ///   ``ActivityListener``.
        public var activityFeed: ActivityFeed
        /// - `webhooks` (Standard Webhooks' retry schedule, private targets refused): how subscriptions are checked
        ///   and delivered to (``LedgerWebhooks``).
        public var webhooks: WebhookRelaySettings

        public init(
            sessionLifetime: Duration = .seconds(30 * 24 * 3600),
            passwords: PasswordHasher = .interactive,
            loginFailureLimit: Int = 5,
            callerFailureLimit: Int = 30,
            loginWindow: Duration = .seconds(15 * 60),
            hashThreads: Int = Configuration.defaultHashThreads,
            hashQueue: Int? = nil,
            rates: RatesTable? = nil,
            calc: (any CalcCalls)? = nil,
            calcTimeout: Duration = .seconds(4),
            now: @escaping @Sendable () -> Date = { Date() },
            activityFeed: ActivityFeed = ActivityFeed(),
            webhooks: WebhookRelaySettings = WebhookRelaySettings()
        ) {
            self.sessionLifetime = sessionLifetime
            self.passwords = passwords
            self.loginFailureLimit = loginFailureLimit
            self.callerFailureLimit = callerFailureLimit
            self.loginWindow = loginWindow
            self.hashThreads = max(1, hashThreads)
            self.hashQueue = max(0, hashQueue ?? hashThreads)
            self.rates = rates
            self.calc = calc
            self.calcTimeout = calcTimeout
            self.now = now
            self.activityFeed = activityFeed
            self.webhooks = webhooks
        }
    }

    /// Brings the schema up to date.
    /// - Throws: `StorageError`.
    public static func prepare(database: any Database) async throws {
        try await Migrator(service: name, migrations: LedgerMigrations.all).migrate(database)
    }

    /// Creates the occurrences of recurring bills due up to today; returns how many. Safe to run from every
    /// replica at once: each occurrence is created exactly once.
    /// - Throws: `StorageError`.
    @discardableResult
    public static func createDueOccurrences(database: any Database, configuration: Configuration) async throws -> Int {
        let due = RecurringBills(
            activity: ActivityLog(feed: configuration.activityFeed),
            valuation: Valuation(calc: configuration.calc)
        )
        let today = configuration.today()
        var created = 0
        for rule in try await database.read({ db in try await due.recurring.active(in: db) }) {
            // Bills in another currency are valued first, so that no transaction waits on calc.
            let home = try await database.read { db in try await due.households.find(rule.householdID, in: db) }
            let values = try await due.values(of: rule, through: today, in: home?.currency ?? "CAD")
            created += try await database.write { db in
                // Read again inside the write: another replica may have moved it on since (its bills are then
                // valued inside the write).
                let current = try await due.recurring.find(rule.id, in: db)
                return try await due.createDue(
                    current,
                    through: today,
                    values: current.dueFrom == rule.dueFrom ? values : nil,
                    in: db
                )
            }
        }
        return created
    }

    /// Records today's reminders (stock expiring or low, repeating bills due tomorrow) in the households whose
    /// webhooks want them, each once whatever the number of replicas; returns how many this call recorded.
    /// - Throws: `StorageError`.
    @discardableResult
    public static func remind(database: any Database, configuration: Configuration) async throws -> Int {
        let activity = ActivityLog(feed: configuration.activityFeed)
        let reminders = Reminders(
            activity: activity,
            due: RecurringBills(activity: activity, valuation: Valuation(calc: configuration.calc))
        )
        return try await reminders.record(on: configuration.date(in: .offset(0)), in: database)
    }

    /// Deletes old sessions and idempotency records; returns how many of each went.
    /// - Throws: `StorageError`.
    public static func purge(
        database: any Database,
        retention: Duration = .seconds(7 * 24 * 3600)
    ) async throws
        -> (sessions: Int, records: Int)
    {
        let sessions = SessionStore(lifetimeMilliseconds: 0)
        let retained = retention.milliseconds
        let purged = try await database.write { db in try await sessions.purge(olderThanMilliseconds: retained, in: db)
        }
        let records = try await IdempotencyRecords.purge(olderThanMilliseconds: retained, in: database)
        return (purged, records)
    }

    /// Registers every op of the service.
    public static func makeRegistry(configuration: Configuration, database: any Database) -> OpRegistry {
        let auth = AuthHandlers(configuration: configuration)
        let scopes = LedgerScopes(database: database, sessions: auth.sessions)
        let households = HouseholdStore()
        let access = HouseholdAccess(households: households)
        let activity = ActivityLog(feed: configuration.activityFeed)
        let inbox = Inbox(feed: configuration.activityFeed)
        let requests = RequestStore()
        let totals = BalanceTotals()
        let balances = BalanceHandlers(totals: totals, access: access, rates: configuration.rates)
        let valuation = Valuation(calc: configuration.calc)
        let due = RecurringBills(activity: activity, valuation: valuation)
        let events = EventStore()
        let pantry = Pantry(
            shopping: ShoppingStore(),
            inventory: InventoryStore(),
            households: households,
            access: access,
            activity: activity
        )
        let bills = BillHandlers(
            bills: due.bills,
            rounding: due.rounding,
            access: access,
            activity: activity,
            totals: totals,
            valuation: valuation,
            configuration: configuration
        )
        let payments = PaymentHandlers(
            payments: PaymentStore(),
            access: access,
            activity: activity,
            totals: totals,
            valuation: valuation,
            configuration: configuration
        )
        let roommates = HouseholdHandlers(
            households: households,
            requests: requests,
            users: auth.users,
            access: access,
            activity: activity,
            inbox: inbox,
            totals: totals
        )
        var registry = OpRegistry()
        registry.registerAuthOps(auth, scopes, database: database)
        registry.registerHouseholdOps(roommates, scopes)
        registry.registerRoommateOps(roommates, scopes)
        registry.registerInboxOps(
            InboxHandlers(inbox: inbox, requests: requests, sessions: auth.sessions),
            database: database
        )
        registry.registerBillOps(bills, scopes)
        registry.registerPaymentOps(payments, scopes)
        registry.registerBalanceOps(balances, scopes)
        let recurring = RecurringHandlers(due: due, access: access, activity: activity, configuration: configuration)
        registry.registerRecurringOps(recurring, scopes)
        registry.registerActivityOps(
            ActivityHandlers(activity: activity, access: access, sessions: auth.sessions),
            scopes,
            database: database
        )
        let shopping = ShoppingHandlers(pantry: pantry, bills: bills)
        let inventory = InventoryHandlers(pantry: pantry, configuration: configuration)
        registry.registerShoppingOps(shopping, scopes)
        registry.registerInventoryOps(inventory, scopes)
        registry.registerWebhookOps(
            WebhookHandlers(access: access, activity: activity, allowPrivate: configuration.webhooks.allowPrivate),
            scopes
        )
        registry.registerProfileOps(ProfileHandlers(profiles: ProfileStore()), scopes)
        registry.registerRecordOps(
            RecordHandlers(
                records: RecordStore(),
                profiles: ProfileStore(),
                calc: CalcRunner(calc: configuration.calc, timeout: configuration.calcTimeout),
                reader: scopes.read
            ),
            scopes
        )
        registry.registerExportOps(
            ExportHandlers(
                access: access,
                households: households,
                bills: due.bills,
                payments: payments.payments,
                roundings: due.rounding.store,
                recurring: due.recurring,
                events: events,
                balanceReports: balances,
                shopping: pantry.shopping,
                inventory: pantry.inventory,
                activity: activity
            ),
            scopes
        )
        let calendar = CalendarHandlers(events: events, access: access, activity: activity)
        registry.registerEventOps(calendar, scopes)
        registry.registerImportOps(
            ImportHandlers(
                access: access,
                households: households,
                totals: totals,
                bills: bills,
                payments: payments,
                recurring: recurring,
                calendar: calendar,
                shopping: shopping,
                inventory: inventory
            ),
            scopes
        )
        return registry
    }
}
