/// The settling plan with the fewest transfers, chosen canonically so that it is stable.
///
/// Members are numbered debtors first, then creditors, each in ascending id order, so numbers order like ids.
///
/// - Fewest: a group whose nets add up to 0 settles in one transfer fewer than it has members, and no plan does
///   better than `n − g`, where `g` is the largest number of disjoint zero-sum groups the `n` members split into.
///   `g` comes from a dynamic programme over subsets: the most zero-sum groups in a subset `S` is
///   `max over i in S of most(S − i)`, plus 1 when `S` itself sums to 0 (O(2ⁿ·n)).
/// - Canonical: of all plans with `n − g` transfers, the one whose transfers, sorted by (from, to), come first when
///   compared one by one by (from, to, larger amount first). Inside one group that plan is the north-west corner
///   rule in id order, so the search walks the partitions into `g` groups (the DP tables rule out the others),
///   group of the lowest debtor left first, and drops a branch as soon as the transfers it has made final come
///   after the best plan's (branch and bound; well under a millisecond for 12 members in a release build).
/// - Stable: paying a transfer `t` of the chosen plan `P` leaves `P − t`, which has the fewest transfers for the
///   new nets. Any other plan `Q` with that many transfers for the new nets gives, with `t` added back, a plan
///   with the fewest transfers for the old nets, so `P ≤ Q + t`; adding or removing the same transfer on both sides
///   does not change which of two sorted lists comes first, so `P − t ≤ Q`. Planning again gives exactly `P − t`.
struct FewestTransfers {
    /// A transfer between numbered members.
    typealias IndexedTransfer = (from: Int, to: Int, amount: Int64)

    private let memberCount: Int
    private let sums: [Int128]
    private let mostGroups: [Int]
    /// The north-west corner transfers of every zero-sum subset that cannot be split further, sorted by from.
    private let cornerTransfers: [Int: [IndexedTransfer]]

    /// Prepares the search.
    /// - Parameters:
    ///   - nets: Signed nets, none 0, adding up to 0: the debtors (negative) in id order, then the creditors.
    ///   - debtorCount: How many of `nets` are debtors.
    init(nets: [Int64], debtorCount: Int) {
        memberCount = nets.count
        var sums = [Int128](repeating: 0, count: 1 << nets.count)
        var mostGroups = [Int](repeating: 0, count: 1 << nets.count)
        var cornerTransfers: [Int: [IndexedTransfer]] = [:]
        for subset in sums.indices.dropFirst() {
            sums[subset] = sums[subset & (subset - 1)] + Int128(nets[subset.trailingZeroBitCount])
            var most = 0
            var rest = subset
            while rest != 0 {
                let member = rest & -rest
                most = max(most, mostGroups[subset ^ member])
                rest ^= member
            }
            mostGroups[subset] = most + (sums[subset] == 0 ? 1 : 0)
            if sums[subset] == 0, mostGroups[subset] == 1 {
                let members = nets.indices.filter { subset & (1 << $0) != 0 }
                cornerTransfers[subset] = NorthWestCorner.transfers(
                    debtors: members.filter { $0 < debtorCount }.map { ($0, -nets[$0]) },
                    creditors: members.filter { $0 >= debtorCount }.map { ($0, nets[$0]) }
                )
            }
        }
        self.sums = sums
        self.mostGroups = mostGroups
        self.cornerTransfers = cornerTransfers
    }

    /// The canonical plan, sorted by (from, to).
    func plan() -> [IndexedTransfer] {
        var search = Search(cornerTransfers: cornerTransfers)
        visit((1 << memberCount) - 1, &search)
        return search.best
    }

    /// Tries every way to split `remaining` into its largest number of zero-sum groups, the group of its lowest
    /// member (always a debtor) first, skipping a branch as soon as the transfers it has settled already come
    /// after the best plan's.
    private func visit(_ remaining: Int, _ search: inout Search) {
        guard search.mayBeatBest(settledBelow: remaining == 0 ? memberCount : remaining.trailingZeroBitCount) else {
            return
        }
        guard remaining != 0 else { return search.keepCurrentPlan() }
        let lowest = remaining & -remaining
        let others = remaining ^ lowest
        var subset = 0
        repeat {
            let group = subset | lowest
            if sums[group] == 0, mostGroups[group] == 1, mostGroups[remaining ^ group] + 1 == mostGroups[remaining] {
                search.groups.append(group)
                visit(remaining ^ group, &search)
                search.groups.removeLast()
            }
            subset = (subset &- others) & others
        } while subset != 0
    }
}
