import Ledger
import Money
import ReckonTesting
import Testing

/// Rounding against a household's residues: the bound (every member's share within one minor unit of the exact sum
/// of their shares) over any sequence of adds, edits and deletes, and the sequence no per-bill rule survives.
@Suite struct ErrorDiffusionTests {
    /// Denominator that every exact share below has a whole numerator over: 27720 = lcm(1...12).
    static let common: Int128 = 27720

    /// A household's bills as the ledger keeps them: the rounded shares and residue changes of each live bill, the
    /// residues, the transfers' net per member, and (independently, in exact fractions over ``common``) every
    /// member's exact sum.
    struct Household {
        var residues: [String: Int64] = [:]
        var live: [Int: (bill: BillShares, exact: [String: Int128])] = [:]
        var moved: [String: Int64] = [:]
        var transfers = 0

        /// Rounds `draft` against the residues (taking out `replacing` first, for an edit), then repairs.
        mutating func write(_ draft: BillDraft?, id: Int, replacing: Int? = nil, members: Set<String>) throws {
            if let old = replacing.flatMap({ live.removeValue(forKey: $0) }) {
                for (member, change) in old.bill.residueChanges { residues[member, default: 0] -= change }
            }
            if let draft {
                let bill = try draft.shares(members: members, residues: residues)
                for (member, change) in bill.residueChanges { residues[member, default: 0] += change }
                live[id] = (bill, ErrorDiffusionTests.exact(draft))
            }
            for transfer in ErrorDiffusion.repairs(&residues) {
                moved[transfer.from, default: 0] -= 1
                moved[transfer.to, default: 0] += 1
                transfers += 1
            }
        }

        /// Every member's rounded share minus their exact sum, in units of 1 / ``common`` of a minor unit.
        var drift: [String: Int128] {
            var drift = moved.mapValues { Int128($0) * ErrorDiffusionTests.common }
            for (bill, exact) in live.values {
                for (member, share) in bill.shares { drift[member, default: 0] += Int128(share) * common }
                for (member, numerator) in exact { drift[member, default: 0] -= numerator }
            }
            return drift
        }
    }

    /// Each member's exact share of an equal split or a split by shares, times ``common``.
    static func exact(_ draft: BillDraft) -> [String: Int128] {
        let weights: [String: Int64] =
            switch draft.split {
            case .equal(let among): Dictionary(uniqueKeysWithValues: among.map { ($0, 1) })
            case .shares(let shares): shares
            default: [:]
            }
        let total = Int128(weights.values.reduce(0, +))
        return weights.mapValues { Int128(draft.amount) * Int128($0) * common / total }
    }

    static func draft(_ amount: Int64, _ split: SplitRule, paidBy payer: String) -> BillDraft {
        BillDraft(amount: amount, currency: Currency(code: "CAD")!, payers: [payer: amount], split: split)
    }

    @Test("1 cent among 4, then among the 3 who did not pay it, then the 2: a transfer keeps everyone within a cent")
    func harmonicSequenceNeedsATransfer() throws {
        let members = ["a", "b", "c", "d"]
        var household = Household()
        var unpaid = members
        for (id, _) in members.dropLast().enumerated() {
            try household.write(
                Self.draft(1, .equal(among: unpaid), paidBy: "a"),
                id: id,
                members: Set(members)
            )
            let charged = try #require(household.live[id]?.bill.shares.keys.first)
            unpaid.removeAll { $0 == charged }
        }
        // Without a transfer the member never charged would be 1/4 + 1/3 + 1/2 = 13/12 of a cent under.
        #expect(household.transfers == 1)
        for (member, drift) in household.drift {
            #expect(abs(drift) < Self.common, "\(member) is \(drift) / \(Self.common) of a cent off")
        }
        #expect(household.moved.values.reduce(0, +) == 0)
    }

    @Test("a transfer's partner is a current member when one can be, else anyone")
    func transfersPreferCurrentMembers() {
        let unit = Int64(ExactShares.scale)
        // "gone" left with the lowest residue; "ann" is a cent over.
        var residues: [String: Int64] = ["ann": unit + unit / 10, "bea": -unit / 2, "gone": -unit * 6 / 10]
        #expect(ErrorDiffusion.repairs(&residues, preferring: ["ann", "bea"]) == [.init(from: "ann", to: "bea")])
        #expect(residues == ["ann": unit / 10, "bea": unit / 2, "gone": -unit * 6 / 10])
        // No current member under: the one who left takes it.
        residues = ["ann": unit + unit / 10, "bea": unit / 2, "gone": -unit * 16 / 10]
        #expect(ErrorDiffusion.repairs(&residues, preferring: ["ann", "bea"]) == [.init(from: "ann", to: "gone")])
        // Without a preference, the extremes.
        residues = ["ann": unit + unit / 10, "bea": -unit / 2, "gone": -unit * 6 / 10]
        #expect(ErrorDiffusion.repairs(&residues) == [.init(from: "ann", to: "gone")])
    }

    @Test(
        "any sequence of adds, edits and deletes keeps every member within one cent of their exact sum",
        arguments: [1, 2, 3, 4] as [UInt64]
    )
    func boundHoldsOverRandomWrites(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var (writes, transfers, largest) = (0, 0, Int128(0))
        for _ in 0..<20 {
            let members = (0..<Int.random(in: 2...10, using: &random)).map { "m\($0)" }
            var household = Household()
            for id in 0..<150 {
                let choice = Int.random(in: 0..<100, using: &random)
                let live = household.live.keys.sorted()
                if choice < 15, let victim = live.randomElement(using: &random) {
                    try household.write(nil, id: id, replacing: victim, members: Set(members))
                } else {
                    let draft = Self.randomDraft(members, using: &random)
                    let edited = choice < 30 ? live.randomElement(using: &random) : nil
                    try household.write(draft, id: id, replacing: edited, members: Set(members))
                }
                for (member, drift) in household.drift {
                    #expect(abs(drift) < Self.common, "\(member) is \(drift) / \(Self.common) of a cent off")
                    largest = max(largest, abs(drift))
                }
                #expect(household.residues.values.allSatisfy { abs(Int128($0)) < ExactShares.scale })
            }
            writes += 150
            transfers += household.transfers
        }
        print(
            "seed \(seed): \(writes) writes (15 % deletes, 15 % edits) in 20 households of 2 to 10: \(transfers)"
                + " rounding transfers, largest drift \(largest) / \(Self.common) of a cent"
        )
    }

    /// An equal split among a random subset, or a split by shares of 1 to 3 among at most 4 (so every exact share is
    /// a whole number of 1/27720 of a cent), of 1 cent to 1,000.00.
    static func randomDraft(_ members: [String], using random: inout SeededGenerator) -> BillDraft {
        let amount = Int64.random(in: 1...100_000, using: &random)
        let payer = members.randomElement(using: &random)!
        if Bool.random(using: &random) {
            let among = Array(
                members.shuffled(using: &random).prefix(Int.random(in: 1...members.count, using: &random))
            )
            return draft(amount, .equal(among: among), paidBy: payer)
        }
        let chosen = members.shuffled(using: &random).prefix(Int.random(in: 1...min(4, members.count), using: &random))
        let weights = Dictionary(uniqueKeysWithValues: chosen.map { ($0, Int64.random(in: 1...3, using: &random)) })
        return draft(amount, .shares(weights), paidBy: payer)
    }

    @Test("exact shares add up to the bill in fixed point, and amounts at the limit do not overflow")
    func exactSharesAddUp() throws {
        let limit = LedgerEntry.maximumAmount
        let draft = Self.draft(limit, .shares(["a": Int64.max / 2, "b": Int64.max / 3, "c": 7]), paidBy: "a")
        let exact = try draft.exactShares(members: ["a", "b", "c"])
        #expect(exact.byMember.values.reduce(0, +) == Int128(limit) * ExactShares.scale)
        let rounded = try draft.shares(members: ["a", "b", "c"])
        #expect(rounded.shares.values.reduce(0, +) == limit)
        #expect(rounded.residueChanges.values.allSatisfy { abs(Int128($0)) < ExactShares.scale })
    }
}
