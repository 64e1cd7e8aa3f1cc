import LedgerAPI
import LedgerService
import Logging
import ReckonTesting
import Storage
import StorageSQLite
import StoragePostgres
import Testing
import Wire

/// `roommates.wait`: answered at once without `after`; woken by a request sent to the waiter, and by one retracted,
/// in process and through another worker (PostgreSQL's NOTIFY; SQLite's counters, read by the other worker's
/// listener); empty at its timeout. The woken waits are given the longest wait, so a wait no write woke would end
/// with its old counter and fail the test.
@Suite(.timeLimit(.minutes(2))) struct InboxWaitTests {
    @Test(arguments: TestDatabase.engines)
    func anInvitationAndItsRetractionWakeTheInvitee(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            try await Self.invitationSeenByAWait(writer: ledger, waiter: ledger)
            #expect(ledger.configuration.activityFeed.watchedHouseholds == 0)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aWaitWithNothingNewEndsWithItsCounterAndRefusesBadArguments(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let bob = try await ledger.user("bob")
            let now = try await ledger.call(RoommatesWaitOp.self, .init(), token: bob.token)
            #expect(now == .init(inbox: 0, received: []))
            let idle = try await ledger.call(RoommatesWaitOp.self, .init(after: 0, waitMs: 20), token: bob.token)
            #expect(idle == .init(inbox: 0, received: []))
            for (args, field) in [
                (RoommatesWaitOp.Args(after: -1), "after"),
                (RoommatesWaitOp.Args(waitMs: ActivityWaitOp.maximumWaitMs + 1), "waitMs"),
            ] {
                let refused = try await ledger.failure(RoommatesWaitOp.self, args, token: bob.token)
                #expect(refused.code == .invalidArgument && refused.field == field)
            }
            let anonymous = try await ledger.failure(RoommatesWaitOp.self, .init(), token: nil)
            #expect(anonymous.code == .unauthenticated)
        }
    }

    /// Two workers on one database, each with its own connections and feed: a request sent through the first wakes
    /// a wait in the second, through its listener.
    @Test(arguments: TestDatabase.engines)
    func aRequestThroughAnotherWorkerWakesTheWait(engine: DatabaseEngine) async throws {
        try await TestDatabase.with(engine) { database, url in
            try await LedgerService.prepare(database: database)
            let writer = try LedgerHarness(database: database, configuration: LedgerHarness.configuration())
            var logger = Logger(label: "reckon.test.ledger")
            logger.logLevel = .error
            let other: any Database =
                engine == .postgres
                ? PostgresDatabase(configuration: try PostgresDatabase.configuration(url: url), logger: logger)
                : try await SQLiteDatabase.open(.init(path: url), logger: logger)
            let waiter = try LedgerHarness(database: other, configuration: LedgerHarness.configuration())
            let listener = ActivityListener(feed: waiter.configuration.activityFeed, database: other)
            try await withThrowingTaskGroup(of: Void.self) { group in
                if let postgres = other as? PostgresDatabase { group.addTask { await postgres.run() } }
                group.addTask { await listener.run() }
                defer { group.cancelAll() }
                try await Self.invitationSeenByAWait(writer: writer, waiter: waiter)
            }
            if let sqlite = other as? SQLiteDatabase { await sqlite.close() }
        }
    }

    /// Bob, in no household, waits (through `waiter`) after his inbox's counter; once his wait is under way Ana
    /// invites him (through `writer`), and once his next wait is, she retracts it. A try proves nothing when a write
    /// returned only after the wait it was to wake could have ended (a machine so busy that a write took 3 s): then
    /// the pair tries again, as new users, up to three times.
    private static func invitationSeenByAWait(writer: LedgerHarness, waiter: LedgerHarness) async throws {
        for attempt in 1...3 where try await invitationSeenByAWait(writer: writer, waiter: waiter, try: attempt) {
            return
        }
        Issue.record("in each of three tries, a write took longer than the wait it was to wake")
    }

    /// One try; false when it proved nothing.
    private static func invitationSeenByAWait(
        writer: LedgerHarness,
        waiter: LedgerHarness,
        try attempt: Int
    )
        async throws -> Bool
    {
        let (ana, bob) = (try await writer.user("ana\(attempt)"), try await writer.user("bob\(attempt)"))
        let home = try await writer.household(ana, members: [])
        let start = try await waiter.call(RoommatesWaitOp.self, .init(), token: bob.token)
        let invited = try await woken(waiter, bob, after: start.inbox) {
            try await writer.call(
                RoommatesRequestOp.self,
                .init(householdId: home, username: bob.username),
                token: ana.token
            )
        }
        guard let (seen, request) = invited else { return false }
        #expect(seen.inbox > start.inbox && seen.received == [request])
        let retracted = try await woken(waiter, bob, after: seen.inbox) {
            try await writer.call(RoommatesRetractOp.self, .init(requestId: request.requestId), token: ana.token)
        }
        guard let (emptied, _) = retracted else { return false }
        #expect(emptied.inbox > seen.inbox && emptied.received.isEmpty)
        return true
    }

    /// What `user`'s wait after `after` answered, once `write` ran while it was under way, with what `write`
    /// returned; nil when the wait ended unwoken and `write` returned 3 s or more after the wait was asked for.
    /// The harness's deadline is a minute, so the wait lasts its whole 3 s from its first look on: a write that
    /// returned sooner had signalled before the wait could end, and the wait must have been woken.
    private static func woken<Written: Sendable>(
        _ waiter: LedgerHarness,
        _ user: LedgerHarness.User,
        after: Int,
        _ write: () async throws -> Written
    ) async throws -> (RoommatesWaitOp.Result, Written)? {
        let began = ContinuousClock.now
        let wait = await waitUnderWay(waiter.configuration.activityFeed, on: user.id) {
            try await waiter.call(RoommatesWaitOp.self, .init(after: after), token: user.token)
        }
        let written = try await write()
        let wrote = ContinuousClock.now
        let answer = try await wait.value
        if answer.inbox <= after, wrote - began >= .milliseconds(ActivityWaitOp.maximumWaitMs) { return nil }
        return (answer, written)
    }
}
