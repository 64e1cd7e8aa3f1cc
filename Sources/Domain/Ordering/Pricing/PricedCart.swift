/// A cart with every line priced, before vouchers. Amounts are in minor units.
///
/// Item lines (regular and discount) and bundle lines are kept apart, as the restaurant's app shows them.
public struct PricedCart: Sendable, Hashable {
    /// Regular and discount item lines, in the order first added.
    public let items: [PricedLine]
    /// Bundle lines (special items sold as bundle sales), in the order first added.
    public let specialItems: [PricedLine]

    /// Every line: ``items`` then ``specialItems``.
    public var lines: [PricedLine] { items + specialItems }
    /// Units in the cart: item quantities, plus bundle quantities times the units in each bundle.
    public var totalCount: Int { lines.reduce(0) { $0 + $1.units } }
    /// The lines' list prices together.
    public var subtotal: Int64 { lines.reduce(0) { $0 + $1.subtotal } }
    /// Item discounts plus bundle discounts (a bundle's list price minus its price, per bundle).
    public var discount: Int64 { lines.reduce(0) { $0 + $1.discount } }
    /// What the cart costs before vouchers: `subtotal − discount`.
    public var total: Int64 { lines.reduce(0) { $0 + $1.total } }
}
