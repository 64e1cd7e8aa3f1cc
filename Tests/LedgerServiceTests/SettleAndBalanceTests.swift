import Calculator
import Foundation
import Ledger
import LedgerAPI
import LedgerService
import ReckonTesting
import Storage
import Testing
import Wire

/// Balances and settle-up through the ops, on both engines: random households whose running totals must equal a
/// recomputation from their entries, sum to zero, and be cleared by the suggested plan.
@Suite struct SettleAndBalanceTests {
    @Test(arguments: TestDatabase.engines)
    func randomHouseholdsBalanceToZeroAndTheirPlanClearsThem(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            try await checkRandomHousehold(ledger, seed: engine == .sqlite ? 7 : 11)
        }
    }

    private func checkRandomHousehold(_ ledger: LedgerHarness, seed: UInt64) async throws {
        do {
            var users: [LedgerHarness.User] = []
            for name in ["ana", "bob", "cyd", "dee", "eli"] { users.append(try await ledger.user(name)) }
            let home = try await ledger.household(users[0], members: Array(users.dropFirst()))
            var bills: [BillView] = []
            for (index, draft) in Self.randomBills(users.map(\.id), seed: seed).enumerated() {
                bills.append(
                    try await ledger.bill(
                        home,
                        "bill \(index)",
                        draft.amount,
                        paidBy: users[draft.payer],
                        split: draft.split,
                        currency: draft.currency
                    )
                )
            }
            _ = try await ledger.call(BillsDeleteOp.self, .init(billId: bills[3].billId), token: users[0].token)
            // An edit that moves a bill to the other currency and to two of its members (parts replaced, totals
            // taken back and added in one change), and a payment edited to another amount.
            let currency = bills[5].currency == "CAD" ? "EUR" : "CAD"
            _ = try await ledger.call(
                BillsEditOp.self,
                .init(
                    BillRefArgs(billId: bills[5].billId, version: 1),
                    bill: .init(
                        amount: "31.07",
                        currency: currency,
                        split: .init(kind: "exact", amounts: [users[1].id: "30.00", users[3].id: "1.07"])
                    )
                ),
                token: users[0].token
            )
            let payment = try await ledger.call(
                PaymentsRecordOp.self,
                .init(householdId: home, from: users[2].id, to: users[1].id, amount: "17.05"),
                token: users[2].token
            )
            _ = try await ledger.call(
                PaymentsEditOp.self,
                .init(paymentId: payment.paymentId, version: 1, amount: "17.50"),
                token: users[2].token
            )
            let balances = try await ledger.call(BalancesOp.self, .init(householdId: home), token: users[4].token)
            let recomputed = try await recompute(ledger, home, as: users[0])
            #expect(balances.currencies == ["CAD", "EUR"])
            for currency in balances.currencies {
                let nets = balances.members.filter { $0.currency == currency }
                #expect(nets.map { cents($0.net) }.reduce(0, +) == 0)
                for member in nets { #expect(cents(member.net) == recomputed[currency]?[member.userId]?.net ?? 0) }
            }
            let plan = try await ledger.call(SettleSuggestOp.self, .init(householdId: home), token: users[1].token)
            #expect(plan.methods == ["CAD": "minimal", "EUR": "minimal"])
            for currency in balances.currencies {
                var nets = Dictionary(
                    uniqueKeysWithValues: balances.members.filter { $0.currency == currency }.map {
                        ($0.userId, cents($0.net))
                    }
                )
                let transfers = plan.transfers.filter { $0.currency == currency }
                #expect(transfers.count <= nets.values.filter { $0 != 0 }.count - 1)
                for transfer in transfers {
                    nets[transfer.from, default: 0] += cents(transfer.amount)
                    nets[transfer.to, default: 0] -= cents(transfer.amount)
                    #expect(transfer.because.map { cents($0.amount) }.reduce(0, +) == cents(transfer.amount))
                }
                #expect(nets.values.allSatisfy { $0 == 0 })
            }
            // Recording one transfer of the plan leaves the rest of it as it was.
            let first = try #require(plan.transfers.first)
            _ = try await ledger.call(
                PaymentsRecordOp.self,
                .init(
                    householdId: home,
                    from: first.from,
                    to: first.to,
                    amount: first.amount,
                    currency: first.currency
                ),
                token: users[0].token
            )
            let rest = try await ledger.call(SettleSuggestOp.self, .init(householdId: home), token: users[1].token)
            #expect(
                rest.transfers.map { [$0.from, $0.to, $0.amount, $0.currency] }
                    == plan.transfers.dropFirst().map { [$0.from, $0.to, $0.amount, $0.currency] }
            )
        }
    }

    /// Three debtors whose debts each take more than one page of entries to explain (the first page is 32 rows):
    /// every transfer is explained by the newest bills (by date, then id) that make up its amount, each bill once.
    @Test(arguments: TestDatabase.engines)
    func debtsLongerThanAPageAreExplainedByTheirNewestBills(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            var users: [LedgerHarness.User] = []
            for name in ["ana", "bob", "cyd", "dee"] { users.append(try await ledger.user(name)) }
            let home = try await ledger.household(users[0], members: Array(users.dropFirst()))
            var bills: [BillView] = []
            for index in 0..<60 {
                bills.append(
                    try await ledger.bill(home, "bill \(index)", "4.00", paidBy: users[0], split: .init(kind: "equal"))
                )
            }
            // Bob paid 10.00 back: his debt now takes the newest 50 bills (and half of the 50th from the end).
            _ = try await ledger.call(
                PaymentsRecordOp.self,
                .init(householdId: home, from: users[1].id, to: users[0].id, amount: "10.00"),
                token: users[1].token
            )
            let plan = try await ledger.call(SettleSuggestOp.self, .init(householdId: home), token: users[0].token)
            #expect(plan.transfers.count == 3)
            // All on one date, so newest first is by id, descending.
            let newestFirst = bills.map(\.billId).sorted(by: >)
            for transfer in plan.transfers {
                #expect(transfer.to == users[0].id)
                #expect(transfer.because.map { cents($0.amount) }.reduce(0, +) == cents(transfer.amount))
                #expect(transfer.because.map(\.id) == Array(newestFirst.prefix(transfer.because.count)))
            }
            let owed = Dictionary(uniqueKeysWithValues: plan.transfers.map { ($0.from, $0.amount) })
            let explainedBy = Dictionary(uniqueKeysWithValues: plan.transfers.map { ($0.from, $0.because.count) })
            let expected: [String: String] = [users[1].id: "50.00", users[2].id: "60.00", users[3].id: "60.00"]
            #expect(owed == expected)
            #expect(explainedBy == expected.mapValues { Int(cents($0) / 100) })
        }
    }

    @Test(arguments: TestDatabase.engines)
    func convertToNeedsRatesAndStatesThem(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            try await ledger.bill(home, "Museum", "20.00", paidBy: ana, split: .init(kind: "equal"), currency: "EUR")
            let refused = try await ledger.failure(
                BalancesOp.self,
                .init(householdId: home, convertTo: "CAD"),
                token: ana.token
            )
            #expect(refused.code == .failedPrecondition && refused.field == "convertTo")
            // Stored amounts stay in their own currency.
            let balances = try await ledger.call(BalancesOp.self, .init(householdId: home), token: ana.token)
            #expect(balances.currencies == ["EUR"])
            let rates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("config/ecb-rates-sample.xml").path
            var configuration = LedgerHarness.configuration()
            configuration.rates = try RatesTable.load(path: rates)
            let withRates = try LedgerHarness(database: ledger.database, configuration: configuration)
            let converted = try await withRates.call(
                BalancesOp.self,
                .init(householdId: home, convertTo: "CAD"),
                token: ana.token
            )
            // 10.00 EUR at 1.4368 CAD per EUR (the sample's newest day) is 14.368, half-even to 14.37.
            #expect(
                converted.converted?.members
                    == [.init(userId: ana.id, amount: "14.37"), .init(userId: bob.id, amount: "-14.37")].sorted {
                        $0.userId < $1.userId
                    }
            )
            #expect(converted.converted?.rates == [.init(from: "EUR", rate: "1.4368", date: "2023-01-03")])
            #expect(balances.members.map(\.net).sorted() == ["-10.00", "10.00"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func paymentsMoveBalancesAndCanBeCorrectedOrDeleted(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            try await ledger.bill(home, "Groceries", "30.00", paidBy: ana, split: .init(kind: "equal"))
            let payment = try await ledger.call(
                PaymentsRecordOp.self,
                .init(householdId: home, from: bob.id, to: ana.id, amount: "10.00"),
                token: bob.token
            )
            #expect(try await ledger.nets(home, as: ana) == [ana.id: "5.00", bob.id: "-5.00"])
            let fixed = try await ledger.call(
                PaymentsEditOp.self,
                .init(paymentId: payment.paymentId, version: 1, amount: "15.00"),
                token: bob.token
            )
            #expect(fixed.version == 2)
            let read = try await ledger.call(PaymentsGetOp.self, .init(paymentId: payment.paymentId), token: ana.token)
            #expect(read == fixed)
            #expect(try await ledger.nets(home, as: ana) == [ana.id: "0.00", bob.id: "0.00"])
            let stale = try await ledger.failure(
                PaymentsEditOp.self,
                .init(paymentId: payment.paymentId, version: 1, amount: "1.00"),
                token: bob.token
            )
            #expect(stale.code == .conflict)
            _ = try await ledger.call(PaymentsDeleteOp.self, .init(paymentId: payment.paymentId), token: ana.token)
            let gone = try await ledger.failure(
                PaymentsGetOp.self,
                .init(paymentId: payment.paymentId),
                token: ana.token
            )
            #expect(gone.code == .notFound && gone.field == "paymentId")
            #expect(try await ledger.nets(home, as: ana) == [ana.id: "15.00", bob.id: "-15.00"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func percentagesMayTravelAsJSONNumbers(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            let split: JSONValue = [
                "kind": "percent",
                "percents": .object(JSONObject([(ana.id, .number("59.5")), (bob.id, .number("40.5"))])),
            ]
            let bill = try await ledger.call(
                "bills.add",
                [
                    "householdId": .string(home), "description": "Cable", "amount": "20.00", "paidBy": .string(ana.id),
                    "split": split,
                ],
                token: ana.token
            )
            #expect(bill["shares"]?.arrayValue?.compactMap { $0["amount"]?.stringValue }.sorted() == ["11.90", "8.10"])
        }
    }

    /// Forty bills with random payers, amounts, currencies and splits of three kinds.
    private static func randomBills(
        _ members: [String],
        seed: UInt64
    ) -> [(payer: Int, amount: String, currency: String, split: SplitSpec)] {
        var random = SeededGenerator(seed: seed)
        return (0..<40).map { index in
            let payer = Int.random(in: 0..<members.count, using: &random)
            let among = members.filter { _ in Int.random(in: 0..<3, using: &random) > 0 }
            let split: SplitSpec
            switch index % 3 {
            case 0: split = .init(kind: "equal", among: among.isEmpty ? nil : among)
            case 1:
                split = .init(
                    kind: "shares",
                    shares: Dictionary(
                        uniqueKeysWithValues: members.map { ($0, 1 + Int.random(in: 0..<4, using: &random)) }
                    )
                )
            default: split = .init(kind: "percent", percents: [members[0]: "12.5", members[1]: "87.5"])
            }
            let amount = "\(1 + Int.random(in: 0..<300, using: &random)).\(Int.random(in: 10..<100, using: &random))"
            return (payer, amount, index % 4 == 0 ? "EUR" : "CAD", split)
        }
    }

    /// Every live bill and payment, read back through the list ops and balanced by the domain from scratch.
    private func recompute(
        _ ledger: LedgerHarness,
        _ home: String,
        as user: LedgerHarness.User
    ) async throws
        -> [String: [String: MemberBalance]]
    {
        let bills = try await ledger.call(BillsListOp.self, .init(householdId: home, limit: 500), token: user.token)
        let payments = try await ledger.call(PaymentsListOp.self, .init(householdId: home), token: user.token)
        let roundings = try await ledger.call(ExportJSONOp.self, .init(householdId: home), token: user.token).roundings
        let entries =
            try bills.bills.map { bill in
                try LedgerEntry(
                    id: bill.billId,
                    kind: .bill,
                    date: bill.date,
                    description: bill.description,
                    currency: bill.currency,
                    paid: Dictionary(uniqueKeysWithValues: bill.payers.map { ($0.userId, cents($0.amount)) }),
                    owed: Dictionary(uniqueKeysWithValues: bill.shares.map { ($0.userId, cents($0.amount)) })
                )
            }
            + payments.payments.map {
                try transfer(.payment, $0.paymentId, $0.date, $0.currency, $0.from, $0.to, $0.amount)
            }
            + roundings.map { try transfer(.rounding, $0.roundingId, $0.date, $0.currency, $0.from, $0.to, $0.amount) }
        return Balances.compute(entries)
    }

    /// A payment or rounding transfer of `amount` from `from` to `to`, as the domain sees it.
    private func transfer(
        _ kind: LedgerEntry.Kind,
        _ id: String,
        _ date: String,
        _ currency: String,
        _ from: String,
        _ to: String,
        _ amount: String
    ) throws -> LedgerEntry {
        try LedgerEntry(
            id: id,
            kind: kind,
            date: date,
            description: kind.rawValue,
            currency: currency,
            paid: [from: cents(amount)],
            owed: [to: cents(amount)]
        )
    }
}

/// Cents from a two-decimal amount such as "-12.30".
func cents(_ text: String) -> Int64 {
    let negative = text.hasPrefix("-")
    let digits = text.drop { $0 == "-" }.split(separator: ".")
    let value = Int64(digits[0])! * 100 + (digits.count > 1 ? Int64(digits[1])! : 0)
    return negative ? -value : value
}
