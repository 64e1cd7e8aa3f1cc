/// A priced cart line: an item line or a bundle line, with amounts in minor units.
///
/// `subtotal` is `listPrice × quantity`, `total` is `unitPrice × quantity` and `discount` is the difference.
public struct PricedLine: Sendable, Hashable {
    /// What the line holds.
    public enum Kind: String, Sendable, Hashable {
        /// A regular item at its price.
        case regular
        /// A discount item at its discount price.
        case discount
        /// A bundle sale of special items.
        case bundle
    }

    /// The item id, or the sale id for a bundle line.
    public let id: String
    /// The item name, or the sale title for a bundle line.
    public let name: String
    /// What the line holds.
    public let kind: Kind
    /// How many items or bundles.
    public let quantity: Int
    /// Units per quantity: 1 for an item, the bundle's item count (with quantities) for a bundle.
    public let unitsPerQuantity: Int
    /// The list price of one: the item's price, or the bundle items' list prices together.
    public let listPrice: Int64
    /// The price charged for one: the discount price, the price, or the bundle price.
    public let unitPrice: Int64

    /// The units the line counts for: `quantity × unitsPerQuantity`.
    public var units: Int { quantity * unitsPerQuantity }
    /// `listPrice × quantity`.
    public var subtotal: Int64 { listPrice * Int64(quantity) }
    /// What the item's discount price or the bundle price saves: `subtotal − total`.
    public var discount: Int64 { subtotal - total }
    /// `unitPrice × quantity`.
    public var total: Int64 { unitPrice * Int64(quantity) }
}
