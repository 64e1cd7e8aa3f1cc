import Ledger
import Testing

/// Recording one suggested transfer and planning again must give exactly the other transfers (Spliit #178).
@Suite struct SettleStabilityTests {
    /// How many groups and transfers were checked, and which transfers broke stability.
    struct Tally {
        var groups = 0
        var transfers = 0
        var unstable: [String] = []

        /// Pays every transfer of the plan for `nets`, one at a time, and checks the plan that follows.
        mutating func check(_ nets: [String: Int64], exactSearchLimit: Int = 12) {
            let plan = SettlePlanner.plan(nets: nets, exactSearchLimit: exactSearchLimit)
            groups += 1
            for (index, transfer) in plan.enumerated() {
                transfers += 1
                var rest = plan
                rest.remove(at: index)
                let again = SettlePlanner.plan(
                    nets: Fixtures.applying([transfer], to: nets),
                    exactSearchLimit: exactSearchLimit
                )
                if again != rest { unstable.append("\(nets) paying \(transfer)") }
            }
        }
    }

    @Test(
        "paying any transfer of a fewest-transfer plan leaves exactly the others",
        arguments: [
            (1...6, 2...9, 1500), (1...3, 2...10, 1000), (1...2, 4...12, 300), (1...1000, 2...9, 500),
        ] as [(ClosedRange<Int64>, ClosedRange<Int>, Int)]
    )
    func everyTransfer(values: ClosedRange<Int64>, sizes: ClosedRange<Int>, groups: Int) {
        var ledger = RandomLedger(seed: UInt64(values.upperBound) * 100 + UInt64(sizes.upperBound))
        var tally = Tally()
        for _ in 0..<groups {
            tally.check(ledger.nets(count: Int.random(in: sizes, using: &ledger.random), values: values))
        }
        #expect(tally.unstable.count == 0, "\(tally.unstable.count) of \(tally.transfers): \(tally.unstable.prefix(3))")
        #expect(tally.groups == groups && tally.transfers >= groups)
    }

    @Test("paying a whole plan in random order, every plan on the way is the rest of the first one")
    func payingAll() {
        var ledger = RandomLedger(seed: 178)
        for _ in 0..<300 {
            var nets = ledger.nets(count: Int.random(in: 3...10, using: &ledger.random), values: 1...4)
            var expected = SettlePlanner.plan(nets: nets)
            while let transfer = expected.randomElement(using: &ledger.random) {
                expected.removeAll { $0 == transfer }
                nets = Fixtures.applying([transfer], to: nets)
                #expect(SettlePlanner.plan(nets: nets) == expected)
            }
            #expect(nets.values.allSatisfy { $0 == 0 })
        }
    }

    @Test("the corner rule above the search limit is stable too")
    func cornerRule() {
        var ledger = RandomLedger(seed: 20)
        var tally = Tally()
        for _ in 0..<40 {
            tally.check(
                ledger.nets(count: Int.random(in: 16...30, using: &ledger.random), values: 1...8),
                exactSearchLimit: 4
            )
        }
        #expect(tally.unstable.count == 0, "\(tally.unstable.prefix(3))")
        #expect(tally.transfers > 400)
    }
}
