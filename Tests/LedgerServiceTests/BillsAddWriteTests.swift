import Synchronization
import LedgerAPI
import ReckonTesting
import Storage
import StoragePostgres
import Testing
import Wire

/// `bills.add`, `bills.edit` and `bills.delete` (and payments' edits and deletions) as batched writes: their round
/// trips on PostgreSQL, one write per idempotency key when requests race, and nothing written when the write statement
/// fails.
@Suite struct BillsAddWriteTests {
    private func args(_ home: String, paidBy payer: LedgerHarness.User, amount: String = "84.30") -> BillsAddOp.Args {
        BillsAddOp.Args(
            HouseholdArgs(householdId: home),
            bill: .init(description: "Groceries", amount: amount, paidBy: payer.id, split: .init(kind: "equal"))
        )
    }

    @Test func aBillIsTwoStatementsOnPostgreSQL() async throws {
        try await LedgerHarness.with(.postgres) { ledger in
            let postgres = try #require(ledger.database as? PostgresDatabase)
            let (ana, bob, cy) = (
                try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("cyd")
            )
            let home = try await ledger.household(ana, members: [bob, cy])
            for key in [nil, "key-1"] {
                let before = postgres.statementsSent
                _ = try await ledger.call(BillsAddOp.self, args(home, paidBy: ana), token: ana.token, key: key)
                // One read (session, idempotency key, membership and members), one write of everything else.
                #expect(postgres.statementsSent - before == 2)
            }
            #expect(try await ledger.count("ledger_bills") == 2)
            #expect(try await ledger.count("ledger_bill_parts") == 6)
            let log = try await ledger.call(ActivityListOp.self, .init(householdId: home), token: bob.token)
            #expect(log.entries.suffix(2).map(\.action) == ["bill.added", "bill.added"])
            #expect(try await ledger.nets(home, as: bob) == [ana.id: "112.40", bob.id: "-56.20", cy.id: "-56.20"])
            // A bill with a cent over reads the household's rounding residues with the session (docs/api.md,
            // "Rounding"): the first and the next, whose residues row the first made, are two statements too.
            for _ in 0..<2 {
                let before = postgres.statementsSent
                _ = try await ledger.call(BillsAddOp.self, args(home, paidBy: ana, amount: "10.00"), token: ana.token)
                #expect(postgres.statementsSent - before == 2)
            }
            #expect(try await ledger.count("ledger_rounding") == 1)
            // A currency written in lower case still finds its residues with the session.
            var lower = args(home, paidBy: ana, amount: "10.00")
            lower.bill.currency = "cad"
            let before = postgres.statementsSent
            #expect(try await ledger.call(BillsAddOp.self, lower, token: ana.token).currency == "CAD")
            #expect(postgres.statementsSent - before == 2)
            #expect(try await ledger.count("ledger_rounding") == 1)
        }
    }

    @Test func editsAndDeletionsAreOneWriteStatementOnPostgreSQLAndAStaleOneWritesNothing() async throws {
        try await LedgerHarness.with(.postgres) { ledger in
            let postgres = try #require(ledger.database as? PostgresDatabase)
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            let bill = try await ledger.call(
                BillsAddOp.self,
                args(home, paidBy: ana, amount: "10.00"),
                token: ana.token
            )
            // The write statement fails on its last check (the version), after its totals and activity steps ran.
            let stale = try await ledger.failure(
                BillsDeleteOp.self,
                .init(billId: bill.billId, version: 7),
                token: ana.token
            )
            #expect(stale.code == .conflict && stale.field == "version")
            #expect(try await ledger.nets(home, as: ana) == [ana.id: "5.00", bob.id: "-5.00"])
            #expect(try await ledger.count("ledger_activity", where: "action = 'bill.deleted'") == 0)
            var before = postgres.statementsSent
            let change = BillArgs(BillRefArgs(billId: bill.billId, version: 1), bill: .init(amount: "12.00"))
            #expect(try await ledger.call(BillsEditOp.self, change, token: ana.token).version == 2)
            // The session with the membership and members of the bill's household, the bill, then one write.
            #expect(postgres.statementsSent - before == 3)
            #expect(try await ledger.nets(home, as: ana) == [ana.id: "6.00", bob.id: "-6.00"])
            before = postgres.statementsSent
            _ = try await ledger.call(BillsDeleteOp.self, .init(billId: bill.billId, version: 2), token: ana.token)
            // The session with the membership, the bill, then one write.
            #expect(postgres.statementsSent - before == 3)
            #expect(try await ledger.nets(home, as: ana).values.allSatisfy { $0 == "0.00" })
            #expect(try await ledger.count("ledger_activity", where: "action = 'bill.deleted'") == 1)
            // A payment's edit and deletion alike.
            let payment = try await ledger.call(
                PaymentsRecordOp.self,
                .init(householdId: home, from: bob.id, to: ana.id, amount: "3.00"),
                token: bob.token
            )
            before = postgres.statementsSent
            let edit = PaymentsEditOp.Args(paymentId: payment.paymentId, version: 1, amount: "4.00")
            _ = try await ledger.call(PaymentsEditOp.self, edit, token: bob.token)
            #expect(postgres.statementsSent - before == 3)
            before = postgres.statementsSent
            _ = try await ledger.call(PaymentsDeleteOp.self, .init(paymentId: payment.paymentId), token: bob.token)
            #expect(postgres.statementsSent - before == 3)
            #expect(try await ledger.nets(home, as: ana).values.allSatisfy { $0 == "0.00" })
        }
    }

    @Test(arguments: TestDatabase.engines)
    func racingRequestsWithOneKeyWriteOnce(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            let bill = args(home, paidBy: ana, amount: "10.00")
            let ids = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await ledger.call(BillsAddOp.self, bill, token: ana.token, key: "race").billId
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(ids.count == 8 && Set(ids).count == 1)
            #expect(try await ledger.count("ledger_bills") == 1)
            #expect(try await ledger.count("ledger_activity", where: "action = 'bill.added'") == 1)
            #expect(try await ledger.nets(home, as: ana) == [ana.id: "5.00", bob.id: "-5.00"])
            let other = try await ledger.failure(
                BillsAddOp.self,
                args(home, paidBy: ana, amount: "11.00"),
                token: ana.token,
                key: "race"
            )
            #expect(other.code == .conflict && other.field == "idempotencyKey")
        }
    }

    /// Requests with one key that all read before any writes: the household row is held locked (as a concurrent
    /// write holds it) until every request waits for it, so each found no record, and all but the first fail on the
    /// key's record, write nothing, and answer the first one's result.
    @Test func requestsThatAllReadBeforeAnyWritesWriteOnce() async throws {
        try await LedgerHarness.with(.postgres) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            let bill = args(home, paidBy: ana, amount: "10.00")
            let racers = 3  // each waits on the lock for at most the sessions' lock_timeout (5 s)
            // A racer that ends early (its lock wait timed out on a slow machine) ends the hold too, so the test fails
            // on its error instead of holding the lock for ever.
            let finished = FinishedRacers()
            let ids = try await withThrowingTaskGroup(of: String?.self) { group in
                group.addTask {
                    try await ledger.database.write { db in
                        try await db.query("UPDATE ledger_households SET name = name WHERE id = \(home)")
                        while try await Self.waitingForLocks(in: ledger.database) < racers,
                            finished.count.load(ordering: .relaxed) == 0
                        {
                            try await Task.sleep(for: .milliseconds(10))
                        }
                    }
                    return nil
                }
                for _ in 0..<racers {
                    group.addTask {
                        defer { finished.count.add(1, ordering: .relaxed) }
                        return try await ledger.call(BillsAddOp.self, bill, token: ana.token, key: "race").billId
                    }
                }
                return try await group.reduce(into: [String]()) { ids, id in id.map { ids.append($0) } }
            }
            #expect(ids.count == racers && Set(ids).count == 1)
            #expect(try await ledger.count("ledger_bills") == 1)
            #expect(try await ledger.count("ledger_activity", where: "action = 'bill.added'") == 1)
            #expect(try await ledger.nets(home, as: ana) == [ana.id: "5.00", bob.id: "-5.00"])
        }
    }

    /// How many sessions of the test's database wait for a lock.
    private static func waitingForLocks(in database: any Database) async throws -> Int64 {
        try await database.read { db in
            try await db.query(
                """
                SELECT COUNT(*) AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'
                """
            )[0].int("n")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aBillOutsideTheHouseholdIsRefusedBeforeAnythingIsWritten(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [])
            let refused = try await ledger.failure(BillsAddOp.self, args(home, paidBy: bob), token: bob.token, key: "k")
            #expect(refused.code == .notFound && refused.field == "householdId")
            let expired = try await ledger.failure(BillsAddOp.self, args(home, paidBy: ana), token: "nope", key: "k")
            #expect(expired.code == .unauthenticated)
            #expect(try await ledger.count("ledger_bills") == 0)
            #expect(try await ledger.count("reckon_idempotency") == 0)
        }
    }

    /// An edit or deletion reads the membership of the bill's household with the session; a bill of a household
    /// the caller is not in (or has left) is not found, as before, and nothing is written.
    @Test(arguments: TestDatabase.engines)
    func aBillOfAHouseholdTheCallerIsNotInIsNotFoundForEditsAndDeletions(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob, cy) = (
                try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("cyd")
            )
            let home = try await ledger.household(ana, members: [bob])
            _ = try await ledger.household(cy, members: [])
            let bill = try await ledger.call(
                BillsAddOp.self,
                args(home, paidBy: ana, amount: "10.00"),
                token: ana.token
            )
            let change = BillArgs(BillRefArgs(billId: bill.billId, version: 1), bill: .init(amount: "12.00"))
            let edit = try await ledger.failure(BillsEditOp.self, change, token: cy.token)
            #expect(edit.code == .notFound && edit.field == "billId")
            let delete = try await ledger.failure(BillsDeleteOp.self, .init(billId: bill.billId), token: cy.token)
            #expect(delete.code == .notFound && delete.field == "billId")
            let nobody = try await ledger.failure(BillsDeleteOp.self, .init(billId: "b_nobody"), token: ana.token)
            #expect(nobody.code == .notFound && nobody.field == "billId")
            #expect(try await ledger.nets(home, as: ana) == [ana.id: "5.00", bob.id: "-5.00"])
            #expect(try await ledger.count("ledger_activity", where: "action = 'bill.edited'") == 0)
        }
    }
}

/// Racers that have ended, counted across tasks.
private final class FinishedRacers: Sendable {
    let count = Atomic(0)
}
