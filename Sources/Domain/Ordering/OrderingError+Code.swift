extension OrderingError {
    /// An extensible error code, spelled in lower snake case on the wire.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String {
            case invalidCatalogue = "invalid_catalogue"
            case missingField = "missing_field"
            case wrongType = "wrong_type"
            case invalidValue = "invalid_value"
            case unknownField = "unknown_field"
            case duplicateID = "duplicate_id"
            case unknownReference = "unknown_reference"
            case invalidCart = "invalid_cart"
            case invalidQuantity = "invalid_quantity"
            case unknownItem = "unknown_item"
            case unknownSale = "unknown_sale"
            case notABundle = "not_a_bundle"
            case specialItemAlone = "special_item_alone"
            case soldOut = "sold_out"
            case insufficientStock = "insufficient_stock"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The code as lower snake case, e.g. `sold_out`.
        public var rawValue: String { base.rawValue }
        public var description: String { base.rawValue }

        // MARK: - Menu file

        /// The menu file is unreadable or breaks a rule; ``OrderingError/problems`` lists every fault.
        public static let invalidCatalogue = Code(.invalidCatalogue)
        /// A required field is absent.
        public static let missingField = Code(.missingField)
        /// A field has the wrong JSON type, e.g. a number where text is expected.
        public static let wrongType = Code(.wrongType)
        /// A field has the right type but a value the rules refuse (a negative price, an unknown kind).
        public static let invalidValue = Code(.invalidValue)
        /// A field the format does not define, usually a typo.
        public static let unknownField = Code(.unknownField)
        /// Two items, groups, sales or vouchers share an id or code.
        public static let duplicateID = Code(.duplicateID)
        /// An id that names nothing in the file, or names the wrong kind of thing.
        public static let unknownReference = Code(.unknownReference)

        // MARK: - Cart

        /// One or more cart lines cannot be priced; ``OrderingError/problems`` has one entry per line.
        public static let invalidCart = Code(.invalidCart)
        /// A quantity is below 1 or above the limit.
        public static let invalidQuantity = Code(.invalidQuantity)
        /// No item has the id.
        public static let unknownItem = Code(.unknownItem)
        /// No sale has the id.
        public static let unknownSale = Code(.unknownSale)
        /// The sale is an announcement, which cannot be bought.
        public static let notABundle = Code(.notABundle)
        /// A special item was added on its own; it is sold only inside a bundle sale.
        public static let specialItemAlone = Code(.specialItemAlone)
        /// The item (or an item of the bundle) is sold out.
        public static let soldOut = Code(.soldOut)
        /// Fewer units are left than the cart asks for.
        public static let insufficientStock = Code(.insufficientStock)
    }
}
