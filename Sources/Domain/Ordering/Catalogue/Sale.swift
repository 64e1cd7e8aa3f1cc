/// A sale the restaurant runs: an announcement to show, or a bundle of special items at one price.
public struct Sale: Sendable, Hashable, Identifiable {
    /// One special item in a bundle, with how many units the bundle holds.
    public struct BundleItem: Sendable, Hashable {
        /// The special item's id.
        public let itemID: String
        /// Units of the item in one bundle, at least 1.
        public let quantity: Int
    }

    /// Special items sold together at a price below their list prices added up.
    public struct Bundle: Sendable, Hashable {
        /// The bundle's contents, in display order.
        public let items: [BundleItem]
        /// The price of one bundle in minor units.
        public let price: Int64
    }

    /// What the sale is.
    public enum Content: Sendable, Hashable {
        /// Information only ("Tuesday: kids eat free"); it cannot be put in a cart.
        case announcement
        /// A bundle that carts can hold.
        case bundle(Bundle)
    }

    /// The id carts use, unique among sales.
    public let id: String
    /// The headline shown to customers.
    public let title: String
    /// The details shown to customers.
    public let description: String
    /// When the sale runs, as text for customers ("Tuesdays from 4 pm"); not enforced by pricing.
    public let validity: String?
    /// What the sale is.
    public let content: Content

    /// The bundle, or `nil` for an announcement.
    public var bundle: Bundle? {
        if case .bundle(let bundle) = content { bundle } else { nil }
    }
}
