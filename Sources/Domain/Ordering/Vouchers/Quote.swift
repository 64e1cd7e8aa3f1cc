/// A priced cart with vouchers applied: what the customer pays.
public struct Quote: Sendable, Hashable {
    /// The cart before vouchers.
    public let cart: PricedCart
    /// One outcome per requested code, in request order.
    public let vouchers: [VoucherOutcome]
    /// What the applied vouchers took off together, in minor units.
    public let voucherDiscount: Int64
    /// What the customer pays: the cart total minus ``voucherDiscount``, never below 0.
    public let total: Int64
}
