import CalcService
import LedgerAPI
import LedgerService
import ReckonTesting
import Storage
import Testing
import Wire

/// Writes that call calc (saved calculations, and bills and payments in another currency valued at a reference
/// rate) call it before their transaction opens: one waiting on calc holds no lock (on SQLite a write transaction
/// holds every writer of the database), a record deleted meanwhile is not written back, and a replayed write is
/// answered what was stored even while calc fails. The time limit bounds a run that would
/// otherwise wait forever behind a held transaction (``whileHeld(by:_:)``); it is no measure of speed.
@Suite(.timeLimit(.minutes(5))) struct CalcOutsideWriteTests {
    @Test(arguments: TestDatabase.engines)
    func anotherUsersWriteGoesThroughWhileASaveWaitsOnCalc(engine: DatabaseEngine) async throws {
        try await Self.with(engine) { ledger, calc in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            var arrivals = calc.arrivals.makeAsyncIterator()
            let save = Task {
                try await ledger.call(RecordsSaveOp.self, Self.sum, token: ana.token, key: "save-1")
            }
            #expect(await arrivals.next() == "evaluate")
            let profile = try await Self.whileHeld(by: calc) {
                try await ledger.call(ProfileSetOp.self, .init(income: "50000"), token: bob.token)
            }
            #expect(profile.income == "50000.00")
            calc.letThrough()
            #expect(try await save.value.result["value"] == "2")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aRerunWhoseRecordIsDeletedWhileCalcWorksIsNotFoundAndWritesNothing(engine: DatabaseEngine) async throws {
        try await Self.with(engine, open: true) { ledger, calc in
            let ana = try await ledger.user("ana")
            let record = try await ledger.call(RecordsSaveOp.self, Self.sum, token: ana.token)
            calc.hold()
            var arrivals = calc.arrivals.makeAsyncIterator()
            _ = await arrivals.next()  // the save's
            let rerun = Task {
                try await ledger.failure(
                    RecordsRerunOp.self,
                    .init(recordId: record.recordId, update: true),
                    token: ana.token
                )
            }
            #expect(await arrivals.next() == "evaluate")
            _ = try await Self.whileHeld(by: calc) {
                try await ledger.call(RecordsDeleteOp.self, .init(recordId: record.recordId), token: ana.token)
            }
            calc.letThrough()
            let refusal = try await rerun.value
            #expect(refusal.code == .notFound && refusal.field == "recordId")
            #expect(try await ledger.call(RecordsListOp.self, .init(), token: ana.token).records.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aReplayedSaveIsAnsweredWhatWasStoredWhileCalcFails(engine: DatabaseEngine) async throws {
        try await Self.with(engine, open: true) { ledger, calc in
            let ana = try await ledger.user("ana")
            let first = try await ledger.call(RecordsSaveOp.self, Self.sum, token: ana.token, key: "save-1")
            calc.letThrough(failing: WireError(.unavailable, "calc is away"))
            #expect(try await ledger.call(RecordsSaveOp.self, Self.sum, token: ana.token, key: "save-1") == first)
            let fresh = try await ledger.failure(RecordsSaveOp.self, Self.sum, token: ana.token, key: "save-2")
            #expect(fresh.code == .unavailable)
            let kept = try await ledger.call(RecordsListOp.self, .init(), token: ana.token)
            #expect(kept.records.map(\.recordId) == [first.recordId])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anotherUsersBillGoesThroughWhileABillWaitsOnItsReferenceRate(engine: DatabaseEngine) async throws {
        try await Self.with(engine, calc: try Self.rates()) { ledger, calc in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let (anas, bobs) = (
                try await ledger.household(ana, members: []), try await ledger.household(bob, members: [])
            )
            var arrivals = calc.arrivals.makeAsyncIterator()
            let ramen = Task {
                try await ledger.bill(
                    anas,
                    "Ramen",
                    "3000",
                    paidBy: ana,
                    split: Self.equal,
                    currency: "JPY",
                    date: "2023-01-04"
                )
            }
            #expect(await arrivals.next() == "currency")
            let groceries = try await Self.whileHeld(by: calc) {
                try await ledger.bill(bobs, "Groceries", "12.00", paidBy: bob, split: Self.equal)
            }
            #expect(groceries.amount == "12.00")
            calc.letThrough()
            #expect(try await ramen.value.value?.amount == "31.12")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anotherUsersBillGoesThroughWhileAnImportWaitsOnItsRates(engine: DatabaseEngine) async throws {
        try await Self.with(engine, calc: try Self.rates()) { ledger, calc in
            let (ana, bob, cyd, eve) = (
                try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("cyd"),
                try await ledger.user("eve")
            )
            let (home, eves) = (
                try await ledger.household(ana, members: [bob, cyd]), try await ledger.household(eve, members: [])
            )
            var arrivals = calc.arrivals.makeAsyncIterator()
            let importing = Task {
                try await ledger.call(
                    ImportStartOp.self,
                    .init(
                        householdId: home,
                        from: "splitwise",
                        file: ImportTests.splitwise,
                        members: ["Bob Li": "bob", "Cy (left)": "cyd"]
                    ),
                    token: ana.token
                )
            }
            #expect(await arrivals.next() == "currency")
            let groceries = try await Self.whileHeld(by: calc) {
                try await ledger.bill(eves, "Groceries", "12.00", paidBy: eve, split: Self.equal)
            }
            #expect(groceries.amount == "12.00")
            calc.letThrough()
            let done = try await importing.value
            #expect((done.bills, done.payments) == (5, 1))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aReplayedBillIsAnsweredWhatWasStoredWhileCalcFails(engine: DatabaseEngine) async throws {
        try await Self.with(engine, calc: try Self.rates(), open: true) { ledger, calc in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            let ramen = BillsAddOp.Args(
                HouseholdArgs(householdId: home),
                bill: BillFields(
                    description: "Ramen",
                    amount: "3000",
                    currency: "JPY",
                    date: "2023-01-04",
                    paidBy: ana.id,
                    split: Self.equal
                )
            )
            let first = try await ledger.call(BillsAddOp.self, ramen, token: ana.token, key: "bill-1")
            calc.letThrough(failing: WireError(.unavailable, "calc is away"))
            #expect(try await ledger.call(BillsAddOp.self, ramen, token: ana.token, key: "bill-1") == first)
            let fresh = try await ledger.failure(BillsAddOp.self, ramen, token: ana.token, key: "bill-2")
            #expect(fresh.code == .unavailable)
            #expect(try await ledger.count("ledger_bills") == 1)
        }
    }

    /// `write`, made while `calc` holds a call. Were it to wait behind that call's transaction, the time limit's
    /// cancellation lets calc answer, so the run ends (failed) instead of waiting forever.
    static func whileHeld<Result: Sendable>(
        by calc: HeldCalc,
        _ write: () async throws -> Result
    ) async throws -> Result {
        try await withTaskCancellationHandler(operation: write, onCancel: { calc.letThrough() })
    }

    static let equal = SplitSpec(kind: "equal")

    static let sum = RecordsSaveOp.Args(title: "a sum", op: "evaluate", args: ["expression": "1+1"])

    /// calc in the tests' process with the repository's sample ECB table.
    static func rates() throws -> CalcInProcess {
        try CalcInProcess(configuration: .init(ratesFile: EntryValueTests.sampleRates))
    }

    /// Runs `body` with the ledger on `engine` and `calc` (the tests' own by default) behind a ``HeldCalc``, which
    /// lets calls through from the start when `open`.
    static func with(
        _ engine: DatabaseEngine,
        calc: CalcInProcess? = LedgerHarness.calc,
        open: Bool = false,
        _ body: @Sendable (LedgerHarness, HeldCalc) async throws -> Void
    ) async throws {
        let held = HeldCalc(try #require(calc, "calc's data did not load"))
        if open { held.letThrough() }
        var configuration = LedgerHarness.configuration()
        configuration.calc = held
        try await LedgerHarness.with(engine, configuration: configuration) { ledger in try await body(ledger, held) }
    }
}
