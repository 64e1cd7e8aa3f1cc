/// How a bill's amount is shared among the members who owe it.
///
/// Every rule yields shares that add up to exactly the bill (see ``BillDraft/shares(members:residues:)``). Errors
/// name the faulty argument with these JSON paths: `split.among[i]`, `split.amounts.<member>`,
/// `split.shares.<member>`, `split.percents.<member>`, `split.items[i].amount`, `split.items[i].among[j]`,
/// `split.tax` and `split.tip`.
public enum SplitRule: Sendable, Hashable {
    /// Equal parts among these members, each listed once; leftover minor units go by ``ErrorDiffusion``.
    case equal(among: [String])
    /// Exact amounts in minor units, adding up to the bill. An amount of 0 is allowed and means no share.
    case exact([String: Int64])
    /// Parts in proportion to whole-number shares above 0 (2 shares pay twice what 1 share pays).
    case shares([String: Int64])
    /// Parts in proportion to percentages in basis points (3333 is 33.33%), each above 0, adding up to 10000.
    case percent([String: Int64])
    /// Line items, each shared equally among its own members, with tax and tip spread over the lines.
    case itemized(ItemizedSplit)
}
