/// Suggests who should pay whom so that everybody's balance in one currency reaches exactly 0.
///
/// Every plan clears every net exactly, has at most `n − 1` transfers for `n` members with a non-zero net, never a
/// transfer of 0, and depends only on the nets (not on dictionary order). Ids are compared as Swift strings.
///
/// - Up to `exactSearchLimit` members with a non-zero net, the plan has the fewest transfers possible, and among
///   such plans a canonical one (see the rule below), which makes it stable: record any one of its transfers, plan
///   again, and you get exactly the other transfers.
/// - Above the limit it uses the north-west corner rule over everybody (debtors and creditors each in id order,
///   each overlap of the two lines a transfer), which is stable too but not always the fewest. When recording a
///   transfer brings the count down to the limit, the next plan may change once, to the fewest.
///
/// The canonical rule: members are split into the largest number of groups whose nets add up to 0; inside a group
/// debtors pay creditors by the north-west corner rule in id order; of all such splits, the chosen one gives the
/// plan that comes first when its transfers, sorted by (from, to), are compared one by one by (from, to, larger
/// amount first). That plan also comes first among all plans with the fewest transfers, which is why paying one of
/// its transfers leaves the plan that comes first for the new nets.
public enum SettlePlanner {
    /// The largest `exactSearchLimit` accepted: the search takes memory and time in 2ⁿ.
    public static let maximumExactSearchLimit = 16

    /// The transfers that settle `nets` in one currency, sorted by `from`, then `to`.
    /// - Parameters:
    ///   - nets: Each member's net in minor units (above 0: is owed), adding up to exactly 0; members at 0 are
    ///     ignored; no net may be `Int64.min`.
    ///   - exactSearchLimit: Up to this many members with a non-zero net, the plan has the fewest transfers;
    ///     from 0 to ``maximumExactSearchLimit``.
    public static func plan(nets: [String: Int64], exactSearchLimit: Int = 12) -> [Transfer] {
        precondition((0...maximumExactSearchLimit).contains(exactSearchLimit), "exactSearchLimit out of range")
        precondition(nets.values.reduce(Int128(0)) { $0 + Int128($1) } == 0, "nets must add up to 0")
        let debtors = nets.filter { $0.value < 0 }.sorted { $0.key < $1.key }.map { ($0.key, -$0.value) }
        let creditors = nets.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        guard debtors.count + creditors.count <= exactSearchLimit else {
            return NorthWestCorner.transfers(debtors: debtors, creditors: creditors).map {
                Transfer(from: $0.from, to: $0.to, amount: $0.amount)
            }
        }
        let members = (debtors + creditors).map(\.0)
        let search = FewestTransfers(
            nets: debtors.map { -$0.1 } + creditors.map(\.1),
            debtorCount: debtors.count
        )
        return search.plan().map { Transfer(from: members[$0.from], to: members[$0.to], amount: $0.amount) }
    }
}
