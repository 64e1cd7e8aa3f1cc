import LedgerAPI
import LedgerService
import Logging
import ReckonTesting
import Storage
import StoragePostgres
import Testing
import Wire

/// `activity.wait`: answered at once when changes are there, woken by a write when not (in process, and on
/// PostgreSQL by a write through another worker's pool, heard by LISTEN), empty at its timeout. The woken waits
/// are given the longest wait, and asked again only when the write itself took longer (a machine under full load).
@Suite(.timeLimit(.minutes(2))) struct ActivityWaitTests {
    @Test(arguments: TestDatabase.engines)
    func changesAlreadyThereAreAnsweredAtOnce(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            let page = try await ledger.call(ActivityWaitOp.self, .init(householdId: home, after: 0), token: ana.token)
            #expect(page.entries.map(\.action) == ["household.created"])
            #expect(page.cursor == 1 && !page.more)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aWaitIsWokenByTheWrite(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (page, seen) = try await Self.billSeenByAWait(writer: ledger, waiter: ledger)
            #expect(page.entries.map(\.action) == ["bill.added"])
            #expect(page.cursor == seen + 1)
            #expect(ledger.configuration.activityFeed.watchedHouseholds == 0)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aWaitWithNothingNewEndsEmptyAndRefusesBadArguments(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, eve) = (try await ledger.user("ana"), try await ledger.user("eve"))
            let home = try await ledger.household(ana, members: [])
            let page = try await ledger.call(
                ActivityWaitOp.self,
                .init(householdId: home, after: 1, waitMs: 20),
                token: ana.token
            )
            #expect(page == .init(entries: [], cursor: 1, more: false))
            let tooLong = ActivityWaitOp.Args(householdId: home, waitMs: ActivityWaitOp.maximumWaitMs + 1)
            let refused = try await ledger.failure(ActivityWaitOp.self, tooLong, token: ana.token)
            #expect(refused.code == .invalidArgument && refused.field == "waitMs")
            let stranger = try await ledger.failure(ActivityWaitOp.self, .init(householdId: home), token: eve.token)
            #expect(stranger.code == .notFound && stranger.field == "householdId")
        }
    }

    /// Two workers on one PostgreSQL database, each with its own pool and feed: a bill added through the first
    /// wakes a wait in the second, through NOTIFY and the second's ActivityListener.
    @Test func onPostgreSQLAWriteThroughAnotherWorkerWakesTheWait() async throws {
        try await TestDatabase.with(.postgres) { database, url in
            try await LedgerService.prepare(database: database)
            let writer = try LedgerHarness(database: database, configuration: LedgerHarness.configuration())
            var logger = Logger(label: "reckon.test.ledger")
            logger.logLevel = .error
            let other = PostgresDatabase(configuration: try PostgresDatabase.configuration(url: url), logger: logger)
            let waiter = try LedgerHarness(database: other, configuration: LedgerHarness.configuration())
            let listener = ActivityListener(feed: waiter.configuration.activityFeed, database: other)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await other.run() }
                group.addTask { await listener.run() }
                defer { group.cancelAll() }
                let (page, _) = try await Self.billSeenByAWait(writer: writer, waiter: waiter)
                #expect(page.entries.map(\.action) == ["bill.added"])
            }
        }
    }

    /// Ana and Bob's household: Bob waits (through `waiter`) after the last change, and once his wait is under way
    /// Ana adds a bill (through `writer`). Returns what the wait answered, and the cursor it waited after.
    private static func billSeenByAWait(
        writer: LedgerHarness,
        waiter: LedgerHarness
    ) async throws -> (ActivityWaitOp.Result, Int) {
        let (ana, bob) = (try await writer.user("ana"), try await writer.user("bob"))
        let home = try await writer.household(ana, members: [bob])
        let seen = try await writer.call(ActivityListOp.self, .init(householdId: home), token: bob.token).cursor
        let woken = await waitUnderWay(waiter.configuration.activityFeed, on: home) {
            try await waiter.call(
                ActivityWaitOp.self,
                .init(householdId: home, after: seen, waitMs: ActivityWaitOp.maximumWaitMs),
                token: bob.token
            )
        }
        try await writer.bill(home, "Rent", "900.00", paidBy: ana, split: .init(kind: "equal"))
        var page = try await woken.value
        // On a machine so busy that the write took longer than the longest wait, that wait ended empty: the next one
        // finds the committed bill at once.
        while page.entries.isEmpty {
            page = try await waiter.call(
                ActivityWaitOp.self,
                .init(householdId: home, after: seen, waitMs: ActivityWaitOp.maximumWaitMs),
                token: bob.token
            )
        }
        return (page, seen)
    }
}
