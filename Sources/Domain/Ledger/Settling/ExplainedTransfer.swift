/// A suggested transfer together with the entries that make up the debt it settles.
public struct ExplainedTransfer: Sendable, Hashable {
    /// One entry's part in the debt a transfer settles.
    public struct Reason: Sendable, Hashable {
        /// The entry's id.
        public var entryID: String
        /// How much of the transfer this entry accounts for, in minor units, above 0.
        public var amount: Int64

        /// Creates a reason.
        public init(entryID: String, amount: Int64) {
            self.entryID = entryID
            self.amount = amount
        }
    }

    /// The transfer.
    public var transfer: Transfer
    /// The entries behind it, whose amounts add up to exactly the transfer's amount.
    public var because: [Reason]

    /// Creates an explained transfer.
    public init(transfer: Transfer, because: [Reason]) {
        self.transfer = transfer
        self.because = because
    }
}
