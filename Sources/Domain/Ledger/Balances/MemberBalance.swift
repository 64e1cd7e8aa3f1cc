/// Where one member stands in one currency, in minor units.
public struct MemberBalance: Sendable, Hashable {
    /// What they paid towards bills.
    public var paid: Int64
    /// Their shares of bills.
    public var share: Int64
    /// What they paid other members back.
    public var sent: Int64
    /// What other members paid them back.
    public var received: Int64

    /// The part of ``share`` that rounding transfers moved (``RoundingTransfer``): above 0 when charged more.
    public var rounding: Int64

    /// Creates a balance.
    public init(paid: Int64 = 0, share: Int64 = 0, sent: Int64 = 0, received: Int64 = 0, rounding: Int64 = 0) {
        self.paid = paid
        self.share = share
        self.sent = sent
        self.received = received
        self.rounding = rounding
    }

    /// Charges `amount` more (less, when negative) by a rounding transfer.
    mutating func moveShare(_ amount: Int64) {
        share += amount
        rounding += amount
    }

    /// `paid − share + sent − received`: above 0 when the others owe them, below 0 when they owe the others.
    public var net: Int64 { paid - share + sent - received }
}
