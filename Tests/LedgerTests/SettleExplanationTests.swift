import Ledger
import Money
import Testing

@Suite struct SettleExplanationTests {
    static let trio: Set<String> = ["ann", "bob", "cat"]

    static func bill(_ id: String, _ date: String, paid: [String: Int64], owed: [String: Int64]) throws -> LedgerEntry {
        try LedgerEntry(id: id, kind: .bill, date: date, description: id, currency: "EUR", paid: paid, owed: owed)
    }

    @Test("each transfer is explained by the debtor's newest debt-making entries")
    func worked() throws {
        let entries = [
            try Self.bill("e1", "2024-01-01", paid: ["ann": 3000], owed: ["ann": 1000, "bob": 1000, "cat": 1000]),
            try Self.bill("e2", "2024-01-05", paid: ["bob": 600], owed: ["ann": 200, "bob": 200, "cat": 200]),
        ]
        let suggested = SettlePlanner.suggest(entries: entries, currency: "EUR")
        #expect(
            suggested == [
                ExplainedTransfer(
                    transfer: Transfer(from: "bob", to: "ann", amount: 600),
                    because: [.init(entryID: "e1", amount: 600)]
                ),
                ExplainedTransfer(
                    transfer: Transfer(from: "cat", to: "ann", amount: 1200),
                    because: [.init(entryID: "e2", amount: 200), .init(entryID: "e1", amount: 1000)]
                ),
            ]
        )
    }

    @Test("slices are split where a transfer ends, and the oldest entry counts only in part")
    func splitSlices() throws {
        // ann owes 4.50 from e1 and 5.00 from e2, and is owed 2.00 by bob from e3: 7.50 in all, to bob (3.00) and
        // cat (4.50). Newest first, e2 gives 5.00 and e1 the remaining 2.50.
        let entries = [
            try Self.bill("e1", "2024-01-01", paid: ["cat": 900], owed: ["ann": 450, "cat": 450]),
            try Self.bill("e2", "2024-01-02", paid: ["bob": 500], owed: ["ann": 500]),
            try Self.bill("e3", "2024-01-03", paid: ["ann": 200], owed: ["bob": 200]),
        ]
        let suggested = SettlePlanner.suggest(entries: entries, currency: "EUR")
        #expect(
            suggested.map(\.transfer) == [
                Transfer(from: "ann", to: "bob", amount: 300), Transfer(from: "ann", to: "cat", amount: 450),
            ]
        )
        #expect(
            suggested.map(\.because) == [
                [.init(entryID: "e2", amount: 300)],
                [.init(entryID: "e2", amount: 200), .init(entryID: "e1", amount: 250)],
            ]
        )
    }

    @Test("the same date is ordered by id, and other currencies are left out")
    func tiesAndCurrencies() throws {
        let entries = [
            try Self.bill("b", "2024-01-01", paid: ["ann": 100], owed: ["bob": 100]),
            try Self.bill("a", "2024-01-01", paid: ["ann": 100], owed: ["bob": 100]),
            try LedgerEntry(
                id: "y",
                kind: .bill,
                date: "2024-09-09",
                description: "",
                currency: "JPY",
                paid: ["ann": 5],
                owed: ["bob": 5]
            ),
        ]
        let suggested = SettlePlanner.suggest(entries: entries, currency: "EUR")
        #expect(suggested.map(\.because) == [[.init(entryID: "b", amount: 100), .init(entryID: "a", amount: 100)]])
    }

    @Test(
        "random households: reasons add up to each transfer and name the debtor's own debts",
        arguments: [1, 2] as [UInt64]
    )
    func randomHouseholds(seed: UInt64) throws {
        var ledger = RandomLedger(seed: seed)
        var explained = 0
        for _ in 0..<40 {
            let members = (0..<Int.random(in: 2...9, using: &ledger.random)).map { "m\($0)" }
            let entries = try ledger.entries(count: Int.random(in: 1...30, using: &ledger.random), among: members)
            let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })
            for currency in Set(entries.map(\.currency)) {
                let suggested = SettlePlanner.suggest(entries: entries, currency: currency)
                #expect(
                    suggested.map(\.transfer) == SettlePlanner.plan(nets: Balances.nets(entries, currency: currency))
                )
                for item in suggested {
                    explained += 1
                    #expect(item.because.reduce(0) { $0 + $1.amount } == item.transfer.amount)
                    #expect(Set(item.because.map(\.entryID)).count == item.because.count)
                    for reason in item.because {
                        let entry = try #require(byID[reason.entryID])
                        #expect(reason.amount > 0 && entry.currency == currency)
                        #expect(entry.nets[item.transfer.from, default: 0] <= -reason.amount)
                    }
                }
            }
        }
        #expect(explained > 100)
    }
}
