/// A suggested settling payment: `from` pays `to` `amount` minor units.
public struct Transfer: Sendable, Hashable {
    /// The member who pays.
    public var from: String
    /// The member who is paid.
    public var to: String
    /// How much, in minor units, above 0.
    public var amount: Int64

    /// Creates a transfer.
    public init(from: String, to: String, amount: Int64) {
        self.from = from
        self.to = to
        self.amount = amount
    }
}
