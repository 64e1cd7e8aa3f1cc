/// One recorded movement in a household's ledger, in one currency: a bill, a payment between two members, or a
/// rounding transfer.
///
/// A bill records what its payers paid (``paid``) and each member's share (``owed``). A payment "A paid B 30.00"
/// is `paid = [A: 3000]`, `owed = [B: 3000]`. Either way ``paid`` and ``owed`` add up to the same amount, which is
/// what keeps every balance exact and the balances of a currency summing to zero.
public struct LedgerEntry: Sendable, Hashable {
    /// Whether an entry is a shared expense or money handed from one member to another.
    public enum Kind: String, Sendable, Hashable {
        /// A shared expense.
        case bill
        /// One member paying another back.
        case payment
        /// One member's share of bills moved to another to keep rounding within one minor unit
        /// (``RoundingTransfer``): ``paid`` names the member charged less, ``owed`` the member charged more.
        case rounding
    }

    /// The largest amount one entry may move, in minor units (10^15, i.e. 10 000 000 000 000.00 with two
    /// digits). It keeps sums exact: about 9 000 entries of this size still fit in `Int64`.
    public static let maximumAmount: Int64 = 1_000_000_000_000_000

    /// The entry's id; also the tie seed for its splits and pairwise debts.
    public let id: String
    /// Bill or payment.
    public let kind: Kind
    /// When it happened, `YYYY-MM-DD`.
    public let date: String
    /// What it was, for a person.
    public let description: String
    /// The ISO 4217 code of its currency.
    public let currency: String
    /// Bill: what each payer paid. Payment: the one member who sent the money.
    public let paid: [String: Int64]
    /// Bill: each member's share. Payment: the one member who received the money.
    public let owed: [String: Int64]

    /// Creates an entry after checking it: a real date, an active currency, at least one amount on each side,
    /// every amount above 0, both sides adding up to the same total of at most ``maximumAmount``, and for a payment
    /// or a rounding transfer one member on each side, two different ones.
    public init(
        id: String,
        kind: Kind,
        date: String,
        description: String,
        currency: String,
        paid: [String: Int64],
        owed: [String: Int64]
    ) throws(LedgerError) {
        self.id = id
        self.kind = kind
        self.date = date
        self.description = description
        self.currency = currency
        self.paid = paid
        self.owed = owed
        try validate()
    }

    /// Each member's net in this entry: what they paid or sent minus their share or what they received.
    public var nets: [String: Int64] {
        paid.merging(owed.mapValues { -$0 }, uniquingKeysWith: +)
    }
}
