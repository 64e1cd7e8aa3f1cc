extension FewestTransfers {
    /// The groups of the split being built, and the plan that comes first so far.
    ///
    /// Debtors are numbered before creditors and groups are added for the lowest member left, so once the groups of
    /// a branch cover every debtor below some number, those debtors' transfers are final and the branch can be
    /// compared with the best plan on them.
    struct Search {
        /// The north-west corner transfers of each possible group, sorted by from.
        let cornerTransfers: [Int: [IndexedTransfer]]
        /// The groups chosen so far, as bit masks of members.
        var groups: [Int] = []
        /// The plan that comes first among the splits seen, sorted by (from, to).
        private(set) var best: [IndexedTransfer] = []

        init(cornerTransfers: [Int: [IndexedTransfer]]) {
            self.cornerTransfers = cornerTransfers
        }

        /// Whether the current groups' transfers from debtors numbered below `settledBelow` (all of them final) do
        /// not already come after the best plan.
        func mayBeatBest(settledBelow limit: Int) -> Bool {
            guard !best.isEmpty else { return true }
            let settled = settledTransfers(below: limit)
            for (mine, theirs) in zip(settled, best) where mine != theirs {
                return (mine.from, mine.to, theirs.amount) < (theirs.from, theirs.to, mine.amount)
            }
            // Equal so far: fewer settled transfers means the best plan's next one, from a debtor below the limit,
            // comes before anything this branch can still add.
            return settled.count >= best.prefix { $0.from < limit }.count
        }

        /// Makes the complete current split's plan the best one; ``mayBeatBest(settledBelow:)`` has vetted it.
        mutating func keepCurrentPlan() {
            best = settledTransfers(below: .max)
        }

        /// The current groups' transfers from debtors numbered below `limit`, merged by debtor.
        private func settledTransfers(below limit: Int) -> [IndexedTransfer] {
            groups.flatMap { cornerTransfers[$0]!.prefix { $0.from < limit } }.sorted {
                ($0.from, $0.to) < ($1.from, $1.to)
            }
        }
    }
}
