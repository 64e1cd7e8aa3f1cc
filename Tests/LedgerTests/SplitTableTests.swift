import Ledger
import Money
import Testing

@Suite struct SplitTableTests {
    /// The shares of a household's first bill (every rounding residue 0).
    func shares(_ draft: BillDraft) throws -> [String: Int64] {
        try draft.shares(members: Fixtures.members).shares
    }

    @Test("equal: 1.00 among three is 0.34, 0.33, 0.33, the extra cent to the first id when nothing tells them apart")
    func equalThirds() throws {
        let split = SplitRule.equal(among: ["u3", "u1", "u2"])
        #expect(try shares(Fixtures.draft(100, split: split)) == ["u1": 34, "u2": 33, "u3": 33])
    }

    @Test("equal: the extra cent goes to the member the household's rounding has favoured most")
    func equalThirdsAfterResidues() throws {
        let split = SplitRule.equal(among: ["u3", "u1", "u2"])
        let draft = Fixtures.draft(100, split: split)
        // u2 was charged 0.4 of a cent less than their exact shares so far, u1 0.1 of a cent more.
        let unit = Int64(ExactShares.scale)
        let residues: [String: Int64] = ["u1": unit / 10, "u2": -unit * 4 / 10, "u3": unit * 3 / 10]
        let rounded = try draft.shares(members: Fixtures.members, residues: residues)
        #expect(rounded.shares == ["u1": 33, "u2": 34, "u3": 33])
        // 0.34 is exactly 2/3 of a cent over 1/3 of 1.00, 0.33 exactly 1/3 under.
        #expect(rounded.residueChanges == ["u1": -unit / 3, "u2": unit * 2 / 3, "u3": -unit / 3])
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
        // and 2.7272…: floors 30.00, 27.27, 2.72 and the leftover cent to u3, whose fraction is larger.
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
        // 1.00 shared by three: the extra cent to the first id, as for an equal split.
        #expect(try shares(Fixtures.draft(350, split: .itemized(split))) == ["u1": 34, "u2": 33, "u3": 33, "u4": 250])
    }

    @Test("a yen bill splits in whole yen")
    func yen() throws {
        let result = try shares(Fixtures.draft(1000, currency: Fixtures.yen, split: .equal(among: ["u1", "u2", "u3"])))
        #expect(result.values.sorted() == [333, 333, 334])
    }
}
