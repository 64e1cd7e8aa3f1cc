import CalcService
import Foundation
import LedgerAPI
import LedgerService
import ReckonTesting
import Storage
import Testing
import Wire

/// Bills and payments in another currency, valued in the household's when written (at the reference rate of their
/// date from calc's table, or the payer's rate or amount), on both engines; `balances` and `settle.suggest` with `in`.
@Suite struct EntryValueTests {
    /// The repository's sample ECB table: 2023-01-02 and 2023-01-03 (1.4368 CAD and 138.52 JPY per EUR).
    static let sampleRates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("config/ecb-rates-sample.xml").path

    /// The test configuration with calc reading `rates`, its clock stopped on `today`.
    static func configuration(
        rates: String = sampleRates,
        today: String = "2026-11-23"
    ) throws
        -> LedgerService.Configuration
    {
        var configuration = LedgerHarness.configuration(today: today)
        configuration.calc = try CalcInProcess(configuration: .init(ratesFile: rates))
        return configuration
    }

    private let equal = SplitSpec(kind: "equal")

    /// Ana and Bob's household, and a bill of 3,000 JPY Ana paid on 2023-01-04, split equally.
    private func ramen(
        _ ledger: LedgerHarness
    ) async throws -> (
        ana: LedgerHarness.User, bob: LedgerHarness.User, home: String, ramen: BillView
    ) {
        let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
        let home = try await ledger.household(ana, members: [bob])
        let ramen = try await ledger.bill(
            home,
            "Ramen",
            "3000",
            paidBy: ana,
            split: equal,
            currency: "JPY",
            date: "2023-01-04"
        )
        return (ana, bob, home, ramen)
    }

    @Test(arguments: TestDatabase.engines)
    func entriesAreValuedWhenWrittenAndBalancesInTheHouseholdsCurrency(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine, configuration: try Self.configuration()) { ledger in
            let (ana, bob, home, ramen) = try await ramen(ledger)
            // 1.4368 / 138.52 CAD per JPY on 2023-01-03, to 10 digits; 3000 of them are 31.1175… CAD.
            #expect(
                ramen.value
                    == EntryValueView(
                        currency: "CAD",
                        amount: "31.12",
                        rate: "0.01037250938",
                        rateDate: "2023-01-03",
                        source: "reference:ecb-rates-sample.xml"
                    )
            )
            let museum = try await ledger.call(
                BillsAddOp.self,
                .init(
                    HouseholdArgs(householdId: home),
                    bill: BillFields(
                        description: "Museum",
                        amount: "20.00",
                        currency: "EUR",
                        date: "2023-01-02",
                        paidBy: bob.id,
                        split: equal
                    ),
                    value: GivenValue(rate: "1.5")
                ),
                token: bob.token
            )
            #expect(museum.value?.amount == "30.00" && museum.value?.source == "payer")
            let payment = try await ledger.call(
                PaymentsRecordOp.self,
                .init(householdId: home, from: bob.id, to: ana.id, amount: "1000", currency: "JPY", date: "2023-01-05"),
                token: bob.token
            )
            #expect(payment.value?.amount == "10.37" && payment.value?.rateDate == "2023-01-03")
            // A bill in the household's currency has no value of its own.
            #expect(try await ledger.bill(home, "Bread", "4.00", paidBy: ana, split: equal).value == nil)

            // Valued, ana: +15.56 (ramen) − 15.00 (museum) − 10.37 (the payment she got) + 2.00 (bread).
            let valued = try await ledger.call(BalancesOp.self, .init(householdId: home, in: "cad"), token: ana.token)
            #expect(valued.valuedIn == "CAD" && valued.currencies == ["CAD"])
            #expect(Set(valued.members.map(\.currency)) == ["CAD"])
            let nets = Dictionary(uniqueKeysWithValues: valued.members.map { ($0.userId, $0.net) })
            #expect(nets == [ana.id: "-7.81", bob.id: "7.81"])
            #expect(valued.debts == [DebtView(from: ana.id, to: bob.id, amount: "7.81", currency: "CAD")])
            let plan = try await ledger.call(
                SettleSuggestOp.self,
                .init(householdId: home, in: "CAD"),
                token: bob.token
            )
            #expect(
                plan.transfers.map { [$0.from, $0.to, $0.amount, $0.currency] } == [[ana.id, bob.id, "7.81", "CAD"]]
            )
            #expect(plan.transfers[0].because.map(\.id) == [payment.paymentId])
            // Without `in`, every currency stays apart, as before.
            let apart = try await ledger.call(BalancesOp.self, .init(householdId: home), token: ana.token)
            #expect(apart.currencies == ["CAD", "EUR", "JPY"] && apart.valuedIn == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anEntryNoRateValuesIsRefusedAndChangesNothing(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine, configuration: try Self.configuration()) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            func refused(
                _ currency: String,
                _ date: String,
                _ value: GivenValue = GivenValue()
            ) async throws
                -> WireError
            {
                try await ledger.failure(
                    BillsAddOp.self,
                    .init(
                        HouseholdArgs(householdId: home),
                        bill: BillFields(
                            description: "Trip",
                            amount: "100",
                            currency: currency,
                            date: date,
                            paidBy: ana.id,
                            split: equal
                        ),
                        value: value
                    ),
                    token: ana.token
                )
            }
            let stale = try await refused("JPY", "2026-11-20")
            #expect(stale.code == .failedPrecondition && stale.field == "rate")
            #expect(stale.message.contains("2026-11-20") && stale.message.contains("2023-01-03"))
            let early = try await refused("JPY", "2022-12-01")
            #expect(early.code == .failedPrecondition && early.message.contains("2022-12-01"))
            #expect(try await refused("KWD", "2023-01-03").code == .failedPrecondition)
            let both = try await refused("JPY", "2026-11-20", GivenValue(rate: "0.01", convertedAmount: "1.00"))
            #expect(both.code == .invalidArgument && both.field == "rate")
            let own = try await refused("CAD", "2026-11-20", GivenValue(rate: "1"))
            #expect(own.code == .invalidArgument && own.field == "rate")
            let tiny = try await refused("JPY", "2026-11-20", GivenValue(rate: "0.00001"))
            #expect(tiny.code == .invalidArgument && tiny.field == "rate")
            #expect(try await ledger.count("ledger_bills") == 0)
            // With a rate, the same bill is written.
            let given = try await ledger.call(
                BillsAddOp.self,
                .init(
                    HouseholdArgs(householdId: home),
                    bill: BillFields(
                        description: "Trip",
                        amount: "100",
                        currency: "JPY",
                        date: "2026-11-20",
                        paidBy: ana.id,
                        split: equal
                    ),
                    value: GivenValue(convertedAmount: "0.91")
                ),
                token: ana.token
            )
            #expect(
                given.value
                    == EntryValueView(
                        currency: "CAD",
                        amount: "0.91",
                        rate: "0.0091",
                        rateDate: "2026-11-20",
                        source: "payer"
                    )
            )
            let other = try await ledger.failure(BalancesOp.self, .init(householdId: home, in: "EUR"), token: ana.token)
            #expect(other.code == .invalidArgument && other.field == "in")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aValueStaysAsWrittenUntilAnEditChangesWhatItValues(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine, configuration: try Self.configuration()) { ledger in
            let (ana, _, _, ramen) = try await ramen(ledger)
            // A later rates file (JPY at 100 per EUR) changes no bill written before it.
            let later = FileManager.default.temporaryDirectory.appendingPathComponent("rates-\(UUID().uuidString).xml")
            let sample = try String(contentsOfFile: Self.sampleRates, encoding: .utf8)
            try sample.replacingOccurrences(of: "rate='138.52'", with: "rate='100.00'")
                .write(to: later, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: later) }
            let relaunched = try LedgerHarness(
                database: ledger.database,
                configuration: try Self.configuration(rates: later.path)
            )
            let read = try await relaunched.call(BillsGetOp.self, .init(billId: ramen.billId), token: ana.token)
            #expect(read.value == ramen.value)
            // An edit of the description keeps it; one of the amount values the bill again, at the new file's rate.
            let renamed = try await relaunched.call(
                BillsEditOp.self,
                .init(BillRefArgs(billId: ramen.billId, version: 1), bill: BillFields(description: "Noodles")),
                token: ana.token
            )
            #expect(renamed.value == ramen.value)
            let bigger = try await relaunched.call(
                BillsEditOp.self,
                .init(BillRefArgs(billId: ramen.billId, version: 2), bill: BillFields(amount: "6000")),
                token: ana.token
            )
            // 6000 JPY at 1.4368 / 100 CAD per JPY is 86.208 CAD.
            #expect(bigger.value?.amount == "86.21" && bigger.value?.rate == "0.014368")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func withoutRatesEntriesAreKeptUnvaluedAndInNamesThem(engine: DatabaseEngine) async throws {
        // The default harness's calc has no rates: per-currency balances only, as a deployment without a rates file.
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            let ramen = try await ledger.bill(home, "Ramen", "3000", paidBy: ana, split: equal, currency: "JPY")
            #expect(ramen.value == nil)
            let refused = try await ledger.failure(
                BalancesOp.self,
                .init(householdId: home, in: "CAD"),
                token: ana.token
            )
            #expect(
                refused.code == .failedPrecondition && refused.field == "in" && refused.message.contains(ramen.billId)
            )
            let plan = try await ledger.failure(
                SettleSuggestOp.self,
                .init(householdId: home, in: "CAD"),
                token: ana.token
            )
            #expect(plan.code == .failedPrecondition)
            _ = try await ledger.call(
                BillsEditOp.self,
                .init(
                    BillRefArgs(billId: ramen.billId, version: 1),
                    bill: BillFields(),
                    value: GivenValue(rate: "0.01")
                ),
                token: ana.token
            )
            let valued = try await ledger.call(BalancesOp.self, .init(householdId: home, in: "CAD"), token: ana.token)
            #expect(Set(valued.members.map(\.net)) == ["15.00", "-15.00"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func repeatingBillsAreValuedAtEachOccurrencesDate(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine, configuration: try Self.configuration(today: "2023-01-01")) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            let bill = BillFields(description: "Rent", amount: "100.00", currency: "USD", paidBy: ana.id, split: equal)
            _ = try await ledger.call(
                RecurringAddOp.self,
                .init(householdId: home, bill: bill, frequency: "monthly", start: "2023-01-03", end: "2023-02-28"),
                token: ana.token
            )
            // The worker's turn in March makes both: January's at its day's rate (1.4368 / 1.0545 CAD per USD),
            // February's with none, the sample's rates ending in January.
            let march = try Self.configuration(today: "2023-03-01")
            #expect(try await LedgerService.createDueOccurrences(database: ledger.database, configuration: march) == 2)
            let bills = try await ledger.call(BillsListOp.self, .init(householdId: home), token: ana.token).bills
            #expect(bills.map(\.date) == ["2023-02-03", "2023-01-03"])
            #expect(bills.map(\.value?.amount) == [nil, "136.25"])
            #expect(bills[1].value?.rateDate == "2023-01-03")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func valuedBalancesNeverDriftFromTheExactSum(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine, configuration: try Self.configuration()) { ledger in
            let (ana, bob, cyd) = (
                try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("cyd")
            )
            let home = try await ledger.household(ana, members: [bob, cyd])
            // 0.10 EUR worth 0.11 CAD, split three ways 40 times: each share is 3.666… cents valued, never a whole one.
            for index in 0..<40 {
                let payer = [ana, bob, cyd][index % 3]
                _ = try await ledger.call(
                    BillsAddOp.self,
                    .init(
                        HouseholdArgs(householdId: home),
                        bill: BillFields(
                            description: "Coffee \(index)",
                            amount: "0.10",
                            currency: "EUR",
                            date: "2023-01-03",
                            paidBy: payer.id,
                            split: equal
                        ),
                        value: GivenValue(convertedAmount: "0.11")
                    ),
                    token: payer.token
                )
            }
            let euros = try await ledger.nets(home, as: ana, currency: "EUR")
            let valued = try await ledger.call(BalancesOp.self, .init(householdId: home, in: "CAD"), token: ana.token)
            var sum = 0
            for member in valued.members {
                // Exact: the member's EUR net (cents) × 11/10; shown: within one cent of it.
                let exact = cents(euros[member.userId] ?? "0") * 11
                let shown = cents(member.net) * 10
                #expect(abs(shown - exact) < 10, "\(member.userId): \(member.net) against \(exact) tenths of a cent")
                sum += cents(member.net)
            }
            #expect(sum == 0)
        }
    }

    /// `text` (decimal, two places) in cents.
    private func cents(_ text: String) -> Int {
        let negative = text.hasPrefix("-")
        let digits = Int(text.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ".", with: "")) ?? 0
        return negative ? -digits : digits
    }
}
