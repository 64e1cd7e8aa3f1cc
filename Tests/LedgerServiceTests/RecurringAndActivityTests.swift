import LedgerAPI
import LedgerService
import ReckonTesting
import Storage
import Testing
import Wire

/// Recurring bills and the activity feed, on both engines.
@Suite struct RecurringAndActivityTests {
    @Test(arguments: TestDatabase.engines)
    func monthlyBillsAreCreatedWhenDueClampedToMonthEnd(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            let rule = try await ledger.call(
                RecurringAddOp.self,
                .init(
                    householdId: home,
                    bill: .init(description: "Rent", amount: "1000.00", paidBy: ana.id, split: .init(kind: "equal")),
                    frequency: "monthly",
                    start: "2026-08-31",
                    end: "2027-03-01"
                ),
                token: ana.token
            )
            #expect(rule.lastDate == "2026-10-31")
            let bills = try await ledger.call(BillsListOp.self, .init(householdId: home), token: bob.token).bills
            #expect(bills.map(\.date) == ["2026-10-31", "2026-09-30", "2026-08-31"])
            #expect(bills.allSatisfy { $0.recurringId == rule.recurringId })
            #expect(try await ledger.nets(home, as: bob)[bob.id] == "-1500.00")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aRepeatingBillRefusesADateOfItsOwn(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            let bill = BillFields(description: "Rent", amount: "900.00", date: "2026-12-01", paidBy: ana.id)
            let args = RecurringAddOp.Args(householdId: home, bill: bill, frequency: "monthly", start: "2026-12-01")
            let refused = try await ledger.failure(RecurringAddOp.self, args, token: ana.token)
            #expect(refused.code == .invalidArgument && refused.field == "date")
            #expect(try await ledger.count("ledger_recurring") == 0)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func replicasRacingTheJobCreateEachOccurrenceOnce(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            for start in ["2026-11-01", "2026-11-20"] {
                _ = try await ledger.call(
                    RecurringAddOp.self,
                    .init(
                        householdId: home,
                        bill: .init(
                            description: "Internet \(start)",
                            amount: "80.00",
                            paidBy: bob.id,
                            split: .init(kind: "equal")
                        ),
                        frequency: "weekly",
                        start: start
                    ),
                    token: bob.token
                )
            }
            let before = try await ledger.count("ledger_bills")
            let later = LedgerHarness.configuration(today: "2027-01-15")
            let created = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await LedgerService.createDueOccurrences(database: ledger.database, configuration: later)
                    }
                }
                return try await group.reduce(0, +)
            }
            // Nov 1 + 7k through Jan 15: Nov 29 ... Jan 10 is 7 more; Nov 20 + 7k: Nov 27 ... Jan 15 is 8 more.
            #expect(created == 15)
            #expect(try await ledger.count("ledger_bills") == before + 15)
            let distinct = try await ledger.database.read { db in
                try await db.query("SELECT COUNT(DISTINCT recurring_id || occurrence) AS n FROM ledger_bills")[0].int(
                    "n"
                )
            }
            #expect(distinct == before + 15)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func pausedRulesSkipWhatFellDueAndEndedRulesStop(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            let rule = try await ledger.call(
                RecurringAddOp.self,
                .init(
                    householdId: home,
                    bill: .init(description: "Gym", amount: "30.00", paidBy: ana.id, split: .init(kind: "equal")),
                    frequency: "weekly",
                    start: "2026-11-23"
                ),
                token: ana.token
            )
            #expect(try await ledger.count("ledger_bills") == 1)
            _ = try await ledger.call(RecurringPauseOp.self, .init(recurringId: rule.recurringId), token: ana.token)
            let december = try LedgerHarness(
                database: ledger.database,
                configuration: LedgerHarness.configuration(today: "2026-12-10")
            )
            #expect(
                try await LedgerService.createDueOccurrences(
                    database: ledger.database,
                    configuration: december.configuration
                ) == 0
            )
            let resumed = try await december.call(
                RecurringResumeOp.self,
                .init(recurringId: rule.recurringId),
                token: ana.token
            )
            #expect(resumed.state == "active")
            let january = LedgerHarness.configuration(today: "2026-12-21")
            #expect(
                try await LedgerService.createDueOccurrences(database: ledger.database, configuration: january) == 2
            )
            _ = try await ledger.call(RecurringEndOp.self, .init(recurringId: rule.recurringId), token: ana.token)
            let later = LedgerHarness.configuration(today: "2027-06-01")
            #expect(try await LedgerService.createDueOccurrences(database: ledger.database, configuration: later) == 0)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aMemberGetsOneRuleInEveryStateAndAnOutsiderNone(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob, eve) = (
                try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("eve")
            )
            let home = try await ledger.household(ana, members: [bob])
            let rule = try await ledger.call(
                RecurringAddOp.self,
                .init(
                    householdId: home,
                    bill: .init(description: "Internet", amount: "75.00", paidBy: ana.id, split: .init(kind: "equal")),
                    frequency: "monthly",
                    start: "2026-11-01"
                ),
                token: ana.token
            )
            let get = RecurringGetOp.Args(recurringId: rule.recurringId)
            #expect(try await ledger.call(RecurringGetOp.self, get, token: bob.token) == rule)
            let paused = try await ledger.call(
                RecurringPauseOp.self,
                .init(recurringId: rule.recurringId),
                token: ana.token
            )
            #expect(try await ledger.call(RecurringGetOp.self, get, token: bob.token) == paused)
            let ended = try await ledger.call(
                RecurringEndOp.self,
                .init(recurringId: rule.recurringId),
                token: ana.token
            )
            let seen = try await ledger.call(RecurringGetOp.self, get, token: bob.token)
            #expect(seen == ended && seen.state == "ended" && seen.lastDate == "2026-11-01")
            for (token, id) in [(eve.token, rule.recurringId), (bob.token, "rc_missing")] {
                let refused = try await ledger.failure(RecurringGetOp.self, .init(recurringId: id), token: token)
                #expect(refused.code == .notFound && refused.field == "recurringId")
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func theActivityFeedPagesWithACursorAndRecordsBeforeAndAfter(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            let bill = try await ledger.bill(home, "Groceries", "30.00", paidBy: ana, split: .init(kind: "equal"))
            _ = try await ledger.call(
                BillsEditOp.self,
                .init(BillRefArgs(billId: bill.billId, version: 1), bill: .init(amount: "40.00")),
                token: ana.token
            )
            let first = try await ledger.call(ActivityListOp.self, .init(householdId: home, limit: 2), token: bob.token)
            #expect(first.entries.map(\.cursor) == [1, 2] && first.more)
            let rest = try await ledger.call(
                ActivityListOp.self,
                .init(householdId: home, after: first.cursor),
                token: bob.token
            )
            #expect(rest.entries.map(\.action) == ["request.accepted", "bill.added", "bill.edited"])
            #expect(!rest.more)
            let edit = try #require(rest.entries.last)
            #expect(edit.userId == ana.id)
            #expect(edit.before?["amount"] == .string("30.00") && edit.after?["amount"] == .string("40.00"))
            let nothingNew = try await ledger.call(
                ActivityListOp.self,
                .init(householdId: home, after: rest.cursor),
                token: bob.token
            )
            #expect(nothingNew.entries.isEmpty && nothingNew.cursor == rest.cursor)

            let newest = try await ledger.call(
                ActivityListOp.self,
                .init(householdId: home, before: 0, limit: 2),
                token: bob.token
            )
            #expect(newest.entries.map(\.cursor) == [5, 4] && newest.cursor == 4 && newest.more)
            let older = try await ledger.call(
                ActivityListOp.self,
                .init(householdId: home, before: newest.cursor),
                token: bob.token
            )
            #expect(older.entries.map(\.cursor) == [3, 2, 1] && !older.more)
            let both = try await ledger.failure(
                ActivityListOp.self,
                .init(householdId: home, after: 1, before: 3),
                token: bob.token
            )
            #expect(both.code == .invalidArgument && both.field == "before")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func concurrentBillsInOneHouseholdNumberTheFeedWithoutGaps(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            let seen = try await ledger.call(ActivityListOp.self, .init(householdId: home), token: bob.token).cursor
            let added = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 1...8 {
                    group.addTask {
                        let payer = index.isMultiple(of: 2) ? ana : bob
                        return try await ledger.bill(
                            home,
                            "Bill \(index)",
                            "\(index).00",
                            paidBy: payer,
                            split: .init(kind: "equal")
                        )
                        .billId
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            let page = try await ledger.call(
                ActivityListOp.self,
                .init(householdId: home, after: seen),
                token: bob.token
            )
            #expect(page.entries.map(\.cursor) == Array(seen + 1...seen + 8))
            #expect(page.entries.allSatisfy { $0.action == "bill.added" })
            #expect(Set(page.entries.map(\.entityId)) == added)
            // 1 + 3 + ... + 7 paid by Bob, 2 + 4 + ... + 8 by Ana; each owes half of the 36.00.
            #expect(try await ledger.nets(home, as: ana)[bob.id] == "-2.00")
        }
    }
}
