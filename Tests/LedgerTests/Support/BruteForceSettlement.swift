/// An independent reference for the fewest transfers, by exhaustive search.
///
/// Some plan with the fewest transfers can be paid in an order where every transfer clears somebody (keep paying
/// a leaf of its forest), and such a transfer moves the smaller of the two amounts. So trying every debtor and
/// creditor pair with that amount, recursively, finds the minimum.
enum BruteForceSettlement {
    static func fewestTransfers(_ nets: [Int64]) -> Int {
        var memo: [[Int64]: Int] = [:]
        return search(nets, &memo)
    }

    private static func search(_ nets: [Int64], _ memo: inout [[Int64]: Int]) -> Int {
        let state = nets.filter { $0 != 0 }.sorted()
        if state.isEmpty { return 0 }
        if let known = memo[state] { return known }
        var fewest = Int.max
        for debtor in state.indices where state[debtor] < 0 {
            for creditor in state.indices where state[creditor] > 0 {
                var next = state
                let amount = min(-state[debtor], state[creditor])
                next[debtor] += amount
                next[creditor] -= amount
                fewest = min(fewest, 1 + search(next, &memo))
            }
        }
        memo[state] = fewest
        return fewest
    }
}
