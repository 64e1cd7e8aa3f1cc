/// What became of one voucher code in a checkout.
public struct VoucherOutcome: Sendable, Hashable {
    /// The part of a voucher's discount taken off one cart line.
    public struct Allocation: Sendable, Hashable {
        /// The line's kind: an item line or a bundle line (their ids are separate namespaces).
        public let lineKind: PricedLine.Kind
        /// The line's item id or sale id.
        public let lineID: String
        /// The amount taken off this line, in minor units, above 0.
        public let amount: Int64
    }

    /// The code as normalized (trimmed, upper case).
    public let code: String
    /// Whether the voucher was applied.
    public let applied: Bool
    /// What it took off, in minor units; 0 when refused.
    public let discount: Int64
    /// How ``discount`` is spread over the lines; the amounts add up to it exactly.
    public let allocations: [Allocation]
    /// Why it was not applied, when it was not.
    public let refusal: VoucherRefusal?
}
