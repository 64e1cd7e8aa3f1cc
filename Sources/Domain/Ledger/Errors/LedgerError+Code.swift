extension LedgerError {
    /// An extensible error code, spelled in lower snake case on the wire.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String {
            case invalidAmount = "invalid_amount"
            case invalidCurrency = "invalid_currency"
            case invalidSplit = "invalid_split"
            case splitSumMismatch = "split_sum_mismatch"
            case payerSumMismatch = "payer_sum_mismatch"
            case unknownMember = "unknown_member"
            case duplicateMember = "duplicate_member"
            case invalidDate = "invalid_date"
            case invalidRule = "invalid_rule"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The code as lower snake case, e.g. `split_sum_mismatch`.
        public var rawValue: String { base.rawValue }
        /// The code as lower snake case.
        public var description: String { base.rawValue }

        /// An amount that is zero, negative or above ``LedgerEntry/maximumAmount`` where that is not allowed.
        public static let invalidAmount = Code(.invalidAmount)
        /// A currency code that is not an active ISO 4217 code.
        public static let invalidCurrency = Code(.invalidCurrency)
        /// A split with nobody in it, a share or percentage that is not positive, an item with nobody to pay for it.
        public static let invalidSplit = Code(.invalidSplit)
        /// Exact amounts, percentages or items that do not add up to the bill (or to 100%).
        public static let splitSumMismatch = Code(.splitSumMismatch)
        /// What the payers paid does not add up to the bill.
        public static let payerSumMismatch = Code(.payerSumMismatch)
        /// A member id that is not in the household.
        public static let unknownMember = Code(.unknownMember)
        /// The same member twice in a list that names each member once.
        public static let duplicateMember = Code(.duplicateMember)
        /// A date that is not a real calendar date written `YYYY-MM-DD`.
        public static let invalidDate = Code(.invalidDate)
        /// A recurrence rule that cannot produce dates: an interval below 1, an end before the start.
        public static let invalidRule = Code(.invalidRule)
    }
}
