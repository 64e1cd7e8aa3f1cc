import Ledger
import Money
import Testing

@Suite struct BalancesTests {
    static let trio: Set<String> = ["ann", "bob", "cat"]

    static func dinner() throws -> [LedgerEntry] {
        let draft = BillDraft(
            amount: 9000,
            currency: Fixtures.euro,
            payers: ["ann": 9000],
            split: .equal(among: ["ann", "bob", "cat"])
        )
        return [
            try .bill(id: "e1", date: "2024-03-01", description: "dinner", draft: draft, members: trio),
            try .payment(
                id: "e2",
                date: "2024-03-02",
                description: "bob pays back",
                currency: Fixtures.euro,
                from: "bob",
                to: "ann",
                amount: 3000,
                members: trio
            ),
        ]
    }

    @Test("bills feed paid and share, payments feed sent and received")
    func worked() throws {
        let balances = try Balances.compute(Self.dinner())
        #expect(
            balances == [
                "EUR": [
                    "ann": MemberBalance(paid: 9000, share: 3000, received: 3000),
                    "bob": MemberBalance(share: 3000, sent: 3000),
                    "cat": MemberBalance(share: 3000),
                ]
            ]
        )
        #expect(balances["EUR"]?.mapValues(\.net) == ["ann": 3000, "bob": 0, "cat": -3000])
        #expect(try Balances.nets(Self.dinner(), currency: "EUR") == ["ann": 3000, "bob": 0, "cat": -3000])
        #expect(try Balances.nets(Self.dinner(), currency: "JPY").isEmpty)
    }

    @Test("pairwise: each entry's debtors owe its creditors, netted per pair")
    func pairwiseWorked() throws {
        #expect(try Balances.pairwiseDebts(Self.dinner()) == ["EUR": [Debt(from: "cat", to: "ann", amount: 3000)]])
    }

    @Test("pairwise: a debtor's debt is shared by the creditors in proportion, and every creditor gets exactly theirs")
    func pairwiseProportional() throws {
        let entry = try LedgerEntry(
            id: "e1",
            kind: .bill,
            date: "2024-03-01",
            description: "two payers, two owers",
            currency: "EUR",
            paid: ["ann": 1, "bob": 1, "cat": 2],
            owed: ["dan": 3, "eve": 1]
        )
        let debts = try #require(Balances.pairwiseDebts([entry])["EUR"])
        #expect(debts.filter { $0.from == "eve" }.map(\.amount) == [1])
        #expect(debts.filter { $0.to == "cat" }.reduce(0) { $0 + $1.amount } == 2)
        #expect(debts.filter { $0.to == "ann" }.reduce(0) { $0 + $1.amount } == 1)
        #expect(debts.filter { $0.to == "bob" }.reduce(0) { $0 + $1.amount } == 1)
        #expect(debts == debts.sorted { ($0.from, $0.to) < ($1.from, $1.to) })
    }

    @Test(
        "random households: nets add up to 0 per currency, and pairwise debts net to the same nets",
        arguments: [1, 2, 3] as [UInt64]
    )
    func randomHouseholds(seed: UInt64) throws {
        var ledger = RandomLedger(seed: seed)
        for _ in 0..<40 {
            let members = (0..<Int.random(in: 2...8, using: &ledger.random)).map { "m\($0)" }
            let entries = try ledger.entries(count: Int.random(in: 1...25, using: &ledger.random), among: members)
            let balances = Balances.compute(entries)
            let debts = Balances.pairwiseDebts(entries)
            #expect(Set(balances.keys) == Set(entries.map(\.currency)))
            for (currency, members) in balances {
                #expect(members.values.reduce(0) { $0 + $1.net } == 0, "\(currency)")
                let nets = Balances.nets(entries, currency: currency)
                #expect(members.mapValues(\.net) == nets)
                var fromDebts: [String: Int64] = [:]
                for debt in debts[currency, default: []] {
                    #expect(debt.amount > 0 && debt.from != debt.to)
                    fromDebts[debt.to, default: 0] += debt.amount
                    fromDebts[debt.from, default: 0] -= debt.amount
                }
                #expect(fromDebts.filter { $0.value != 0 } == nets.filter { $0.value != 0 })
                let pairs = debts[currency, default: []].map { [$0.from, $0.to].sorted() }
                #expect(Set(pairs).count == pairs.count, "one debt per pair at most")
            }
        }
    }
}
