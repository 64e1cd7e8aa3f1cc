import Foundation
import Ledger
import LedgerAPI
import LedgerService
import ReckonTesting
import Storage
import Testing

/// Rounding that never drifts, through the ops on both engines: every member's share of the household's bills stays
/// within one cent of the exact sum of their shares over any sequence of adds, edits and deletes, with rounding
/// transfers where a bill alone cannot keep that (docs/api.md, "Rounding").
@Suite struct RoundingTests {
    /// 27720 = lcm(1...12): every exact share of the bills below is a whole number of 1/27720 of a cent.
    static let common: Int128 = 27720

    @Test(arguments: TestDatabase.engines)
    func theSequenceNoBillAloneCanRoundNeedsOneTransfer(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            var users: [LedgerHarness.User] = []
            for name in ["ana", "bob", "cyd", "dee", "eli"] { users.append(try await ledger.user(name)) }
            let home = try await ledger.household(users[0], members: Array(users.dropFirst()))
            // ana pays, and the four others split.
            var unpaid = users.dropFirst().map(\.id)
            for round in 0..<3 {
                let bill = try await ledger.bill(
                    home,
                    "Stamp \(round)",
                    "0.01",
                    paidBy: users[0],
                    split: .init(kind: "equal", among: unpaid)
                )
                unpaid.removeAll { $0 == bill.shares[0].userId }
            }
            // One member was charged none of the three cents: 1/4 + 1/3 + 1/2 = 13/12 of a cent under. A transfer
            // charges them one cent, which is then their whole debt.
            let export = try await ledger.call(ExportJSONOp.self, .init(householdId: home), token: users[1].token)
            #expect(export.roundings.count == 1)
            let transfer = try #require(export.roundings.first)
            #expect(transfer.to == unpaid[0] && transfer.amount == "0.01" && transfer.currency == "CAD")
            let balances = try await ledger.call(BalancesOp.self, .init(householdId: home), token: users[0].token)
            let rounding = Dictionary(uniqueKeysWithValues: balances.members.map { ($0.userId, $0.rounding) })
            #expect(rounding[transfer.to] == "0.01" && rounding[transfer.from] == "-0.01")
            try await expectWithinACent(ledger, home, as: users[0])
            try await expectTotalsMatchTheEntries(ledger, home)
            // Its debt is explained by the transfer too.
            let plan = try await ledger.call(SettleSuggestOp.self, .init(householdId: home), token: users[0].token)
            let reasons = plan.transfers.flatMap(\.because)
            #expect(reasons.contains { $0.kind == "rounding" && $0.id == transfer.roundingId })
            for planned in plan.transfers {
                #expect(planned.because.map { cents($0.amount) }.reduce(0, +) == cents(planned.amount))
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func randomAddsEditsAndDeletesKeepEveryShareWithinACent(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            var users: [LedgerHarness.User] = []
            for name in ["ana", "bob", "cyd", "dee", "eli", "fay"] { users.append(try await ledger.user(name)) }
            let home = try await ledger.household(users[0], members: Array(users.dropFirst()))
            var random = SeededGenerator(seed: engine == .sqlite ? 21 : 22)
            var live: [String: Int] = [:]  // bill id → version
            for index in 0..<80 {
                let choice = Int.random(in: 0..<100, using: &random)
                let owner = users[0]  // may change any bill
                if choice < 15, let victim = live.keys.sorted().randomElement(using: &random) {
                    _ = try await ledger.call(BillsDeleteOp.self, .init(billId: victim), token: owner.token)
                    live[victim] = nil
                } else if choice < 30, let edited = live.keys.sorted().randomElement(using: &random) {
                    let change = Self.randomBill(users, using: &random)
                    let bill = try await ledger.call(
                        BillsEditOp.self,
                        .init(
                            BillRefArgs(billId: edited, version: live[edited]),
                            bill: .init(amount: change.amount, split: change.split)
                        ),
                        token: owner.token
                    )
                    live[edited] = bill.version
                } else {
                    let change = Self.randomBill(users, using: &random)
                    let payer = users.randomElement(using: &random)!
                    let bill = try await ledger.bill(
                        home,
                        "Bill \(index)",
                        change.amount,
                        paidBy: payer,
                        split: change.split
                    )
                    live[bill.billId] = bill.version
                }
            }
            try await expectWithinACent(ledger, home, as: users[0])
            try await expectTotalsMatchTheEntries(ledger, home)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func concurrentBillsInOneHouseholdAllLandWithinACent(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            var users: [LedgerHarness.User] = []
            for name in ["ana", "bob", "cyd"] { users.append(try await ledger.user(name)) }
            let home = try await ledger.household(users[0], members: Array(users.dropFirst()))
            let among = users.map(\.id)
            // 16 writers at once, each bill leaving a cent over: each must round against the residues the others
            // left, so the losers of each race run again.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<16 {
                    let payer = users[index % users.count]
                    group.addTask {
                        try await ledger.bill(
                            home,
                            "Pizza \(index)",
                            "10.00",
                            paidBy: payer,
                            split: .init(kind: "equal", among: among)
                        )
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await ledger.count("ledger_bills", where: "household_id = \(home)") == 16)
            try await expectWithinACent(ledger, home, as: users[0])
            try await expectTotalsMatchTheEntries(ledger, home)
        }
    }

    /// 0.01 to 300.00, split equally among a random subset or by shares of 1 to 3 among at most 4 (so every exact
    /// share is a whole number of 1/27720 of a cent).
    static func randomBill(
        _ users: [LedgerHarness.User],
        using random: inout SeededGenerator
    ) -> (amount: String, split: SplitSpec) {
        let cents = Int.random(in: 1...30_000, using: &random)
        let amount = String(format: "%d.%02d", cents / 100, cents % 100)
        let shuffled = users.map(\.id).shuffled(using: &random)
        if Bool.random(using: &random) {
            return (
                amount,
                .init(kind: "equal", among: Array(shuffled.prefix(Int.random(in: 1...users.count, using: &random))))
            )
        }
        let chosen = shuffled.prefix(Int.random(in: 1...4, using: &random))
        return (
            amount,
            .init(
                kind: "shares",
                shares: Dictionary(uniqueKeysWithValues: chosen.map { ($0, Int.random(in: 1...3, using: &random)) })
            )
        )
    }

    /// Every member's `share` in `balances` is within one cent of the exact sum of their shares of the live bills.
    func expectWithinACent(_ ledger: LedgerHarness, _ home: String, as user: LedgerHarness.User) async throws {
        let bills = try await ledger.call(BillsListOp.self, .init(householdId: home, limit: 500), token: user.token)
        var exact: [String: Int128] = [:]
        for bill in bills.bills {
            let weights: [String: Int] =
                bill.split.kind == "equal"
                ? Dictionary(uniqueKeysWithValues: (bill.split.among ?? []).map { ($0, 1) }) : bill.split.shares ?? [:]
            let total = Int128(weights.values.reduce(0, +))
            for (member, weight) in weights {
                exact[member, default: 0] += Int128(cents(bill.amount)) * Int128(weight) * Self.common / total
            }
        }
        let balances = try await ledger.call(BalancesOp.self, .init(householdId: home), token: user.token)
        for member in balances.members {
            let drift = Int128(cents(member.share)) * Self.common - exact[member.userId, default: 0]
            #expect(abs(drift) < Self.common, "\(member.userId) is \(drift) / \(Self.common) of a cent off")
        }
        #expect(balances.members.map { cents($0.rounding) }.reduce(0, +) == 0)
    }

    /// The running totals (rounding included) equal a recomputation from the live bills and the rounding transfers.
    func expectTotalsMatchTheEntries(_ ledger: LedgerHarness, _ home: String) async throws {
        let mismatched = try await ledger.count(
            "ledger_balances k",
            where: """
                household_id = \(home) AND (share, rounding) <> (
                    SELECT COALESCE((SELECT SUM(p.share) FROM ledger_bill_parts p JOIN ledger_bills b ON b.id = p.bill_id
                        WHERE b.household_id = k.household_id AND b.currency = k.currency AND b.deleted_at IS NULL
                        AND p.user_id = k.user_id), 0)
                        + COALESCE((SELECT SUM(CASE WHEN t.to_user = k.user_id THEN t.amount ELSE -t.amount END)
                        FROM ledger_rounding_transfers t WHERE t.household_id = k.household_id
                        AND t.currency = k.currency AND k.user_id IN (t.from_user, t.to_user)), 0),
                    COALESCE((SELECT SUM(CASE WHEN t.to_user = k.user_id THEN t.amount ELSE -t.amount END)
                        FROM ledger_rounding_transfers t WHERE t.household_id = k.household_id
                        AND t.currency = k.currency AND k.user_id IN (t.from_user, t.to_user)), 0))
                """
        )
        #expect(mismatched == 0)
    }
}
