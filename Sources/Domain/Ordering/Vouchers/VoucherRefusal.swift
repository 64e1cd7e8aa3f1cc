/// Why a voucher code was not applied.
public struct VoucherRefusal: Sendable, Hashable {
    /// The reason, spelled in lower snake case on the wire.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String {
            case notFound = "not_found"
            case expired
            case notStarted = "not_started"
            case usageLimitReached = "usage_limit_reached"
            case minSpend = "min_spend"
            case notApplicable = "not_applicable"
            case notStackable = "not_stackable"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The code as lower snake case, e.g. `min_spend`.
        public var rawValue: String { base.rawValue }
        public var description: String { base.rawValue }

        /// No voucher has the code, or a private voucher is not live (see ``VoucherEngine``).
        public static let notFound = Code(.notFound)
        /// The voucher's window ended (at or after `endsAt`).
        public static let expired = Code(.expired)
        /// The voucher's window has not begun (before `startsAt`).
        public static let notStarted = Code(.notStarted)
        /// The voucher was used as often as allowed, in all or by this customer.
        public static let usageLimitReached = Code(.usageLimitReached)
        /// The cart total is below the minimum spend; see ``VoucherRefusal/shortfall``.
        public static let minSpend = Code(.minSpend)
        /// No cart line is in the voucher's scope, or too few units are.
        public static let notApplicable = Code(.notApplicable)
        /// The voucher cannot be combined with another applied voucher, or was given twice.
        public static let notStackable = Code(.notStackable)
    }

    /// The reason.
    public let code: Code
    /// A sentence for the customer.
    public let message: String
    /// For ``Code/minSpend``: how much more the cart must cost, in minor units.
    public let shortfall: Int64?

    init(_ code: Code, _ message: String, shortfall: Int64? = nil) {
        self.code = code
        self.message = message
        self.shortfall = shortfall
    }
}
