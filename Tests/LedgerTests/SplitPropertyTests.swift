import Ledger
import Money
import Testing

@Suite struct SplitPropertyTests {
    static let household = ["u1", "u2", "u3", "u4", "u5", "u6", "u7"]

    /// Whether `share` is the floor or the ceiling of `amount × weight / total`.
    static func isFloorOrCeiling(_ share: Int64, of amount: Int64, weight: Int64, total: Int64) -> Bool {
        let product = Int128(amount) * Int128(weight)
        let floor = product / Int128(total)
        return Int128(share) == floor || (product % Int128(total) != 0 && Int128(share) == floor + 1)
    }

    @Test(
        "shares always add up to the bill, go only to split members, and are never 0",
        arguments: [1, 2, 3] as [UInt64]
    )
    func addUp(seed: UInt64) throws {
        var ledger = RandomLedger(seed: seed)
        for round in 0..<400 {
            let draft = ledger.draft(among: Self.household)
            let shares = try draft.shares(tieSeed: "b\(round)", members: Set(Self.household))
            #expect(shares.values.reduce(0, +) == draft.amount, "\(draft)")
            #expect(shares.values.allSatisfy { $0 > 0 })
            let named: Set<String> =
                switch draft.split {
                case .equal(let among): Set(among)
                case .exact(let amounts), .shares(let amounts), .percent(let amounts): Set(amounts.keys)
                case .itemized(let split): Set(split.items.flatMap(\.among))
                }
            #expect(Set(shares.keys).isSubset(of: named))
        }
    }

    @Test(
        "equal, shares and percent: every member gets the floor or ceiling of the exact share",
        arguments: [4, 5] as [UInt64]
    )
    func floorOrCeiling(seed: UInt64) throws {
        var ledger = RandomLedger(seed: seed)
        for round in 0..<400 {
            let draft = ledger.draft(among: Self.household)
            let shares = try draft.shares(tieSeed: "b\(round)", members: Set(Self.household))
            let weights: [String: Int64]
            switch draft.split {
            case .equal(let among): weights = Dictionary(uniqueKeysWithValues: among.map { ($0, 1) })
            case .shares(let given), .percent(let given): weights = given
            case .exact(let amounts):
                #expect(shares == amounts.filter { $0.value > 0 })
                continue
            case .itemized: continue
            }
            let total = weights.values.reduce(0, +)
            for (member, weight) in weights {
                let share = shares[member, default: 0]
                #expect(Self.isFloorOrCeiling(share, of: draft.amount, weight: weight, total: total), "\(draft)")
            }
        }
    }

    @Test("who paid, and how many payers, never changes the shares", arguments: [6] as [UInt64])
    func payersDoNotMatter(seed: UInt64) throws {
        var ledger = RandomLedger(seed: seed)
        for round in 0..<300 {
            var draft = ledger.draft(among: Self.household)
            let shares = try draft.shares(tieSeed: "b\(round)", members: Set(Self.household))
            draft.payers = ledger.payers(of: draft.amount, among: Self.household)
            #expect(try draft.shares(tieSeed: "b\(round)", members: Set(Self.household)) == shares)
            if let payer = draft.payers.keys.first {
                draft.payers[payer, default: 0] += 1
                let error = Fixtures.error { () throws(LedgerError) in
                    try draft.shares(tieSeed: "b\(round)", members: Set(Self.household))
                }
                #expect(error?.code == .payerSumMismatch)
            }
        }
    }

    @Test(
        "itemized: shares add up, and without tax or tip equal the members' item subtotals",
        arguments: [7, 8] as [UInt64]
    )
    func itemized(seed: UInt64) throws {
        var ledger = RandomLedger(seed: seed)
        for round in 0..<300 {
            let amount = Int64.random(in: 10...500_000, using: &ledger.random)
            var split = ledger.itemized(amount, among: Self.household)
            let draft = Fixtures.draft(amount, split: .itemized(split))
            let members = Set(Self.household)
            let shares = try draft.shares(tieSeed: "b\(round)", members: members)
            #expect(shares.values.reduce(0, +) == amount)
            #expect(Set(shares.keys).isSubset(of: Set(split.items.flatMap(\.among))))

            split.items.append(.init(amount: split.tax + split.tip + 1, among: [Self.household[round % 7]]))
            (split.tax, split.tip) = (0, 0)
            let plain = try Fixtures.draft(amount + 1, split: .itemized(split)).shares(
                tieSeed: "b\(round)",
                members: members
            )
            var subtotals: [String: Int64] = [:]
            for (index, item) in split.items.enumerated() {
                let weights = item.among.map { (member: $0, weight: Int64(1)) }
                subtotals.merge(
                    Allocation.allocate(total: item.amount, weights: weights, tieSeed: "b\(round)#\(index)"),
                    uniquingKeysWith: +
                )
            }
            #expect(plain == subtotals.filter { $0.value > 0 })
        }
    }
}
