/// How often a voucher has been used, as the service's store knows it.
public struct VoucherUsage: Sendable, Hashable {
    /// Uses by everyone.
    public var total: Int
    /// Uses by the customer checking out, or `nil` when the customer is not known yet (a quote without contact
    /// details); then the per-customer limit is not checked.
    public var byThisCustomer: Int?

    /// Creates a usage count.
    public init(total: Int, byThisCustomer: Int?) {
        self.total = total
        self.byThisCustomer = byThisCustomer
    }

    /// Never used.
    public static let none = VoucherUsage(total: 0, byThisCustomer: 0)
}
