import Ledger
import Testing

@Suite struct SettlePlannerTests {
    /// Checks what every plan must do, and returns a description of the first broken rule.
    static func problems(of plan: [Transfer], for nets: [String: Int64]) -> String? {
        let movers = nets.values.filter { $0 != 0 }.count
        if Fixtures.applying(plan, to: nets).values.contains(where: { $0 != 0 }) { return "does not clear" }
        if plan.count > max(0, movers - 1) { return "\(plan.count) transfers for \(movers) members" }
        if plan.contains(where: { $0.amount <= 0 }) { return "a transfer that is not above 0" }
        if plan.contains(where: { nets[$0.from, default: 0] >= 0 || nets[$0.to, default: 0] <= 0 }) {
            return "a transfer from a creditor or to a debtor"
        }
        if plan != plan.sorted(by: { ($0.from, $0.to) < ($1.from, $1.to) }) { return "not sorted" }
        return nil
    }

    @Test("debts 10, 3, 3 against credits 6, 5, 5 settle in 4 transfers, where the corner rule alone needs 5")
    func greedyCounterexample() {
        let nets: [String: Int64] = ["d1": -10, "d2": -3, "d3": -3, "c1": 6, "c2": 5, "c3": 5]
        #expect(
            SettlePlanner.plan(nets: nets) == [
                Transfer(from: "d1", to: "c2", amount: 5), Transfer(from: "d1", to: "c3", amount: 5),
                Transfer(from: "d2", to: "c1", amount: 3), Transfer(from: "d3", to: "c1", amount: 3),
            ]
        )
        #expect(SettlePlanner.plan(nets: nets, exactSearchLimit: 0).count == 5)
    }

    @Test("nothing to settle gives no transfers")
    func nothing() {
        #expect(SettlePlanner.plan(nets: [:]).isEmpty)
        #expect(SettlePlanner.plan(nets: ["a": 0, "b": 0]).isEmpty)
    }

    @Test("one debtor pays each creditor, members at 0 ignored")
    func oneDebtor() {
        let nets: [String: Int64] = ["bob": -900, "ann": 400, "cat": 500, "dan": 0]
        #expect(
            SettlePlanner.plan(nets: nets) == [
                Transfer(from: "bob", to: "ann", amount: 400), Transfer(from: "bob", to: "cat", amount: 500),
            ]
        )
    }

    @Test("every plan clears every balance in at most n − 1 transfers, none of 0", arguments: [1, 2, 3] as [UInt64])
    func clears(seed: UInt64) {
        var ledger = RandomLedger(seed: seed)
        for round in 0..<300 {
            let values: ClosedRange<Int64> = round.isMultiple(of: 2) ? 1...6 : 1...100_000
            let nets = ledger.nets(count: Int.random(in: 2...14, using: &ledger.random), values: values)
            for limit in [0, 12] {
                let plan = SettlePlanner.plan(nets: nets, exactSearchLimit: limit)
                #expect(Self.problems(of: plan, for: nets) == nil, "\(nets) limit \(limit)")
            }
        }
    }

    @Test("up to 7 members the plan has as few transfers as an exhaustive search finds", arguments: [4, 5] as [UInt64])
    func minimal(seed: UInt64) {
        var ledger = RandomLedger(seed: seed)
        var fewerThanCorner = 0
        for round in 0..<400 {
            let values: ClosedRange<Int64> = round.isMultiple(of: 3) ? 1...20 : 1...5
            let nets = ledger.nets(count: Int.random(in: 2...7, using: &ledger.random), values: values)
            let plan = SettlePlanner.plan(nets: nets)
            #expect(plan.count == BruteForceSettlement.fewestTransfers(Array(nets.values)), "\(nets)")
            if plan.count < SettlePlanner.plan(nets: nets, exactSearchLimit: 0).count { fewerThanCorner += 1 }
        }
        #expect(fewerThanCorner > 0, "the families should include cases the corner rule alone gets wrong")
    }

    @Test("the plan depends on the nets only, not on dictionary order", arguments: [6] as [UInt64])
    func orderIndependent(seed: UInt64) {
        var ledger = RandomLedger(seed: seed)
        var reordered = 0
        for _ in 0..<200 {
            let nets = ledger.nets(count: Int.random(in: 6...14, using: &ledger.random), values: 1...9)
            var shuffled = [String: Int64](minimumCapacity: 64)
            for (member, net) in nets.shuffled(using: &ledger.random) { shuffled[member] = net }
            if Array(shuffled.keys) != Array(nets.keys) { reordered += 1 }
            #expect(SettlePlanner.plan(nets: shuffled) == SettlePlanner.plan(nets: nets))
            #expect(
                SettlePlanner.plan(nets: shuffled, exactSearchLimit: 0)
                    == SettlePlanner.plan(nets: nets, exactSearchLimit: 0)
            )
        }
        #expect(reordered > 100)
    }

    @Test("a 40-member group takes the corner rule and still clears")
    func fortyMembers() {
        var ledger = RandomLedger(seed: 40)
        let nets = ledger.nets(count: 40, values: 1...10_000)
        let plan = SettlePlanner.plan(nets: nets)
        #expect(Self.problems(of: plan, for: nets) == nil)
        #expect(plan == SettlePlanner.plan(nets: nets, exactSearchLimit: 0))
    }

    @Test("twelve members with many optimal splits: {−2, 1, 1} four times settles in 8 transfers")
    func manyOptimalSplits() {
        let nets = Dictionary(uniqueKeysWithValues: (0..<12).map { ("m\($0 + 10)", $0 % 3 == 0 ? Int64(-2) : 1) })
        let plan = SettlePlanner.plan(nets: nets)
        #expect(plan.count == 8)
        #expect(Self.problems(of: plan, for: nets) == nil)
    }
}
