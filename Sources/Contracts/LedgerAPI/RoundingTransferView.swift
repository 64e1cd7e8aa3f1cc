/// A rounding transfer: one minor unit of share moved from `from` to `to` so that every member's share of the
/// household's bills stays within one minor unit of the exact sum (docs/api.md, "Rounding").
public struct RoundingTransferView: Codable, Sendable, Hashable {
    public var roundingId: String
    /// The day it was made.
    public var date: String
    /// The member charged less.
    public var from: String
    /// The member charged more.
    public var to: String
    public var amount: String
    public var currency: String
    /// The bill whose write made it (added, edited or deleted).
    public var billId: String

    /// Creates the value.
    public init(
        roundingId: String,
        date: String,
        from: String,
        to: String,
        amount: String,
        currency: String,
        billId: String
    ) {
        self.roundingId = roundingId
        self.date = date
        self.from = from
        self.to = to
        self.amount = amount
        self.currency = currency
        self.billId = billId
    }
}
