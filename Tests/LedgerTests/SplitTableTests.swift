import Ledger
import Money
import Testing

@Suite struct SplitTableTests {
    func shares(_ draft: BillDraft, seed: String = "bill") throws -> [String: Int64] {
        try draft.shares(tieSeed: seed, members: Fixtures.members)
    }

    @Test("equal: 1.00 among three is 0.34, 0.33, 0.33, the seed picking who pays the extra cent")
    func equalThirds() throws {
        let split = SplitRule.equal(among: ["u3", "u1", "u2"])
        #expect(try shares(Fixtures.draft(100, split: split), seed: "foobar") == ["u1": 34, "u2": 33, "u3": 33])
        #expect(try shares(Fixtures.draft(100, split: split), seed: "a") == ["u1": 33, "u2": 34, "u3": 33])
    }

    @Test("equal: members whose share is 0 are left out")
    func equalTiny() throws {
        let result = try shares(Fixtures.draft(1, split: .equal(among: ["u1", "u2", "u3"])))
        #expect(result.count == 1)
        #expect(result.values.first == 1)
    }

    @Test("exact: the amounts as given, a 0 meaning no share")
    func exact() throws {
        let split = SplitRule.exact(["u1": 5000, "u2": 3430, "u3": 0])
        #expect(try shares(Fixtures.draft(8430, split: split)) == ["u1": 5000, "u2": 3430])
    }

    @Test("shares: in proportion, the larger remainder taking the leftover cent")
    func byShares() throws {
        #expect(
            try shares(Fixtures.draft(1000, split: .shares(["u1": 1, "u2": 2, "u3": 2]))) == [
                "u1": 200, "u2": 400, "u3": 400,
            ]
        )
        #expect(try shares(Fixtures.draft(100, split: .shares(["u1": 1, "u2": 2]))) == ["u1": 33, "u2": 67])
    }

    @Test("percent: basis points, exact when they divide the bill")
    func byPercent() throws {
        let thirds = SplitRule.percent(["u1": 3333, "u2": 3333, "u3": 3334])
        #expect(try shares(Fixtures.draft(10_000, split: thirds)) == ["u1": 3333, "u2": 3333, "u3": 3334])
        // 499.5, 249.75 and 249.75: the two leftover cents go to the two larger remainders.
        let halfAndQuarters = SplitRule.percent(["u1": 5000, "u2": 2500, "u4": 2500])
        #expect(try shares(Fixtures.draft(999, split: halfAndQuarters)) == ["u1": 499, "u2": 250, "u4": 250])
    }

    @Test("percent text is read as basis points with at most two decimals")
    func percentText() {
        #expect(Percent.basisPoints("33.33") == 3333)
        #expect(Percent.basisPoints("50") == 5000)
        #expect(Percent.basisPoints("100") == Percent.whole)
        #expect(Percent.basisPoints("0.5") == 50)
        #expect(Percent.basisPoints("12.345") == nil)
        #expect(Percent.basisPoints("-5") == nil)
        #expect(Percent.basisPoints("5%") == nil)
        #expect(Percent.format(3333) == "33.33%")
    }

    @Test("itemized: lines shared by who had them, tax and tip prorated, the total exact")
    func itemized() throws {
        // Subtotals 22.00, 20.00 and 2.00 (the rice shared by three); 60.00 spread 22 : 20 : 2 is 30.00, 27.2727…
        // and 2.7272…: floors 30.00, 27.27, 2.72 and the leftover cent to u3, whose remainder is larger.
        let split = ItemizedSplit(
            items: [
                .init(description: "pad thai", amount: 2000, among: ["u1"]),
                .init(description: "curry", amount: 1800, among: ["u2"]),
                .init(description: "rice", amount: 600, among: ["u1", "u2", "u3"]),
            ],
            tax: 600,
            tip: 1000
        )
        #expect(try shares(Fixtures.draft(6000, split: .itemized(split))) == ["u1": 3000, "u2": 2727, "u3": 273])
    }

    @Test("itemized without tax or tip: each member's share is exactly what they had")
    func itemizedPlain() throws {
        let split = ItemizedSplit(items: [
            .init(amount: 100, among: ["u1", "u2", "u3"]),
            .init(amount: 250, among: ["u4"]),
        ])
        let result = try shares(Fixtures.draft(350, split: .itemized(split)), seed: "a")
        // The first item is split with the seed "a#0".
        let firstItem = Allocation.allocate(total: 100, weights: [("u1", 1), ("u2", 1), ("u3", 1)], tieSeed: "a#0")
        #expect(result == firstItem.merging(["u4": 250]) { $1 })
    }

    @Test("a yen bill splits in whole yen")
    func yen() throws {
        let result = try shares(Fixtures.draft(1000, currency: Fixtures.yen, split: .equal(among: ["u1", "u2", "u3"])))
        #expect(result.values.sorted() == [333, 333, 334])
    }
}
