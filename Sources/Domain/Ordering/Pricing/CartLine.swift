/// One line a customer put in the cart: an item, or a bundle sale.
public enum CartLine: Sendable, Hashable {
    /// The most units one line may hold, after lines for the same item or sale are merged.
    public static let maximumQuantity = 9_999

    /// A regular or discount item. Special items are refused: they are sold only in bundles.
    case item(id: String, quantity: Int)
    /// A bundle sale, by the sale's id.
    case bundle(saleID: String, quantity: Int)

    /// How many were asked for.
    public var quantity: Int {
        switch self {
        case .item(_, let quantity), .bundle(_, let quantity): quantity
        }
    }
}
