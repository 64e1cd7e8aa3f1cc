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
            let shares = try draft.shares(members: Set(Self.household)).shares
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
            let shares = try draft.shares(members: Set(Self.household)).shares
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
            let shares = try draft.shares(members: Set(Self.household)).shares
            draft.payers = ledger.payers(of: draft.amount, among: Self.household)
            #expect(try draft.shares(members: Set(Self.household)).shares == shares)
            if let payer = draft.payers.keys.first {
                draft.payers[payer, default: 0] += 1
                let error = Fixtures.error { () throws(LedgerError) in
                    try draft.shares(members: Set(Self.household)).shares
                }
                #expect(error?.code == .payerSumMismatch)
            }
        }
    }

    @Test(
        "itemized: shares add up, and each is within one unit of the member's exact share",
        arguments: [7, 8] as [UInt64]
    )
    func itemized(seed: UInt64) throws {
        var ledger = RandomLedger(seed: seed)
        for _ in 0..<300 {
            let amount = Int64.random(in: 10...500_000, using: &ledger.random)
            let split = ledger.itemized(amount, among: Self.household)
            let draft = Fixtures.draft(amount, split: .itemized(split))
            let members = Set(Self.household)
            let shares = try draft.shares(members: members).shares
            #expect(shares.values.reduce(0, +) == amount)
            #expect(Set(shares.keys).isSubset(of: Set(split.items.flatMap(\.among))))

            // Each share is the floor or the ceiling of amount × (what they had) / (the lines' total).
            let lines = Int128(amount - split.tax - split.tip)
            let scale = Int128(420)  // a multiple of every line's number of sharers (at most 7)
            var had: [String: Int128] = [:]
            for item in split.items {
                for member in item.among {
                    had[member, default: 0] += Int128(item.amount) * scale / Int128(item.among.count)
                }
            }
            for (member, subtotal) in had {
                let exact = Int128(amount) * subtotal
                let share = Int128(shares[member, default: 0]) * lines * scale
                #expect(share > exact - lines * scale && share < exact + lines * scale, "\(member) \(split)")
            }
        }
    }
}
