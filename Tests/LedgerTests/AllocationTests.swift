import Ledger
import ReckonTesting
import Testing

@Suite struct AllocationTests {
    static let trio = [("u1", 1), ("u2", 1), ("u3", 1)] as [(member: String, weight: Int64)]

    @Test(
        "100 among three: 34, 33, 33, the 34 going where the seed's FNV-1a rotates the tie",
        arguments: [
            ("", "u3"),  // FNV-1a-64("") = 0xcbf29ce484222325, 2 mod 3
            ("a", "u2"),  // 0xaf63dc4c8601ec8c, 1 mod 3
            ("foobar", "u1"),  // 0x85944171f73967e8, 0 mod 3
        ]
    )
    func equalThirds(seed: String, luckyMember: String) {
        let parts = Allocation.allocate(total: 100, weights: Self.trio, tieSeed: seed)
        #expect(parts == ["u1": 33, "u2": 33, "u3": 33].merging([luckyMember: 34]) { $1 })
    }

    @Test(
        "two leftover units go to consecutive members of the rotated tie",
        arguments: [("", ["u2", "u3"]), ("a", ["u1", "u2"])]
    )
    func twoLeftovers(seed: String, lucky: [String]) {
        let weights = Self.trio + [(member: "u4", weight: 1)]
        let parts = Allocation.allocate(total: 102, weights: weights, tieSeed: seed)
        #expect(parts.filter { $0.value == 26 }.keys.sorted() == lucky)
        #expect(parts.values.reduce(0, +) == 102)
    }

    @Test("the largest remainder wins before any tie is looked at")
    func largestRemainderFirst() {
        // 10 × 1/6 = 1.67, 10 × 2/6 = 3.33, 10 × 3/6 = 5: one unit left, the 0.67 remainder takes it.
        let parts = Allocation.allocate(total: 10, weights: [("a", 1), ("b", 2), ("c", 3)], tieSeed: "x")
        #expect(parts == ["a": 2, "b": 3, "c": 5])
    }

    @Test("input order does not matter")
    func orderIndependent() {
        let weights = [("d", 3), ("a", 1), ("c", 1), ("b", 3)] as [(member: String, weight: Int64)]
        let parts = Allocation.allocate(total: 1001, weights: weights, tieSeed: "seed")
        #expect(Allocation.allocate(total: 1001, weights: weights.reversed(), tieSeed: "seed") == parts)
        #expect(
            Allocation.allocate(total: 1001, weights: weights.sorted { $0.member < $1.member }, tieSeed: "seed")
                == parts
        )
    }

    @Test("huge totals and weights stay exact")
    func huge() {
        let parts = Allocation.allocate(
            total: .max,
            weights: [("a", .max), ("b", .max), ("c", 1)],
            tieSeed: "big"
        )
        #expect(parts.values.reduce(Int128(0)) { $0 + Int128($1) } == Int128(Int64.max))
        #expect(parts["c"] == 0 || parts["c"] == 1)
        #expect(parts["a"]! - parts["b"]! <= 1 && parts["b"]! - parts["a"]! <= 1)
    }

    @Test("a zero total gives everybody 0")
    func zeroTotal() {
        #expect(Allocation.allocate(total: 0, weights: Self.trio, tieSeed: "z") == ["u1": 0, "u2": 0, "u3": 0])
    }

    @Test("parts always add up and each is the floor or ceiling of the exact share", arguments: [1, 2, 3] as [UInt64])
    func randomAllocations(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for round in 0..<1000 {
            let total = Int64.random(in: 0...1_000_000, using: &random)
            let weights = (0..<Int.random(in: 1...8, using: &random)).map {
                (member: "m\($0)", weight: Int64.random(in: 1...(round.isMultiple(of: 2) ? 3 : 10_000), using: &random))
            }
            let parts = Allocation.allocate(total: total, weights: weights, tieSeed: "r\(round)")
            let weightSum = weights.reduce(0) { $0 + $1.weight }
            #expect(parts.values.reduce(0, +) == total)
            for (member, weight) in weights {
                let floor = total * weight / weightSum
                let exact = total * weight % weightSum == 0
                #expect(parts[member] == floor || (!exact && parts[member] == floor + 1), "\(weights) \(total)")
            }
        }
    }
}
