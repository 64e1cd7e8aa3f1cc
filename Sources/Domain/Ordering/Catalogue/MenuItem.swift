/// A dish or drink on the menu, with its price in minor units.
public struct MenuItem: Sendable, Hashable, Identifiable {
    /// How an item is sold.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Sold at ``MenuItem/price``.
        case regular
        /// Sold at ``MenuItem/discountPrice``, which is below ``MenuItem/price``.
        case discount
        /// Sold only inside bundle sales (see ``Sale/Bundle``); never on its own.
        case special
    }

    /// The id carts and groups use, unique among items.
    public let id: String
    /// The name shown to customers.
    public let name: String
    /// A line or two about the dish.
    public let description: String
    /// How the item is sold.
    public let kind: Kind
    /// The list price in minor units.
    public let price: Int64
    /// The price charged for a ``Kind/discount`` item, below ``price``; `nil` for other kinds.
    public let discountPrice: Int64?
    /// The initial stock count; `nil` means unlimited.
    public let stock: Int?
    /// Whether the kitchen marked the item sold out (regardless of ``stock``).
    public let soldOut: Bool
    /// Free labels such as `vegetarian` or `spicy`.
    public let tags: [String]

    /// The price charged per unit: ``discountPrice`` for discount items, else ``price``.
    public var unitPrice: Int64 { discountPrice ?? price }
}
