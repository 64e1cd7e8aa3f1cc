/// A bill split line by line: each item is shared equally among the members who had it, and tax and tip are
/// spread in proportion to what each member had.
///
/// The items, tax and tip must add up to the bill. A member's exact share is what they had (each line divided equally
/// among its members) scaled by bill / items, so tax and tip are prorated; the bill is then rounded as a whole
/// (``ErrorDiffusion``), so the shares add up exactly.
public struct ItemizedSplit: Sendable, Hashable {
    /// One line of the receipt.
    public struct Item: Sendable, Hashable {
        /// What the line is, for a person (`"pad thai"`), if known.
        public var description: String?
        /// The line's price in minor units, above 0.
        public var amount: Int64
        /// The members who share this line equally, each listed once.
        public var among: [String]

        /// Creates a line.
        public init(description: String? = nil, amount: Int64, among: [String]) {
            self.description = description
            self.amount = amount
            self.among = among
        }
    }

    /// The lines, at least one.
    public var items: [Item]
    /// Tax in minor units, 0 or more.
    public var tax: Int64
    /// Tip in minor units, 0 or more.
    public var tip: Int64

    /// Creates an itemized split.
    public init(items: [Item], tax: Int64 = 0, tip: Int64 = 0) {
        self.items = items
        self.tax = tax
        self.tip = tip
    }
}
