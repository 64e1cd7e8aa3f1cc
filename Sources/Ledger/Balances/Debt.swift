/// `from` owes `to` `amount` minor units, before any simplification.
public struct Debt: Sendable, Hashable {
    /// The member who owes.
    public var from: String
    /// The member who is owed.
    public var to: String
    /// How much, in minor units, above 0.
    public var amount: Int64

    /// Creates a debt.
    public init(from: String, to: String, amount: Int64) {
        self.from = from
        self.to = to
        self.amount = amount
    }
}
