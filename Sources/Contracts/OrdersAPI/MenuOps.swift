import Wire

/// The ops of the `orders` service, one type each; see docs/api.md.
public enum OrdersOps {
    /// The service name.
    public static let service = "orders"

    static let cartID: JSONValue = ["type": "string", "minLength": 1, "description": "from cart.create"]
    /// What a change to a cart's lines is refused for by the stock it cannot see in a schema: the error's field
    /// names the line short of stock, an item's or a bundle's, whichever the request named.
    static let stockRefusals = ["itemId", "saleId"].map {
        OpRefusal(.failedPrecondition, field: $0, "a line of the cart is sold out or short of what the cart would hold")
    }
    static let quantity: JSONValue = ["type": "integer", "minimum": 1, "maximum": 9_999, "default": 1]
    static let orderID: JSONValue = ["type": "string", "minLength": 1, "description": "from order.place"]
    /// A checkout form, one entity (`title`) for every op that takes one.
    static let form: JSONValue = [
        "title": "CheckoutForm", "type": "object", "required": ["name", "phone", "address"],
        "properties": [
            "name": ["type": "string"], "phone": ["type": "string"], "email": ["type": "string"],
            "address": [
                "title": "CheckoutAddress", "type": "object", "required": ["street", "city", "postalCode"],
                "properties": [
                    "street": ["type": "string"], "city": ["type": "string"], "postalCode": ["type": "string"],
                    "country": ["type": "string", "description": "ISO 3166 alpha-2"],
                ],
            ],
            "coupon": ["type": "string"], "vouchers": ["type": "array", "items": ["type": "string"]],
        ],
    ]
}

/// `menu`: the menu with live availability.
public enum MenuOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "menu"
    public static let effect = OpEffect.read
    public static let summary = "The menu: groups of items, special items, sales, with what is available now"
    public static let argsSchema: JSONValue = ["type": "object"]
    public typealias Args = NoArgs
    public typealias Result = MenuView
}

/// `stock.set` (staff): sets how many of an item are left; `null` makes it unlimited.
public enum StockSetOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "stock.set"
    public static let access = OpAccess.staff
    public static let effect = OpEffect.write
    public static let summary = "Staff: sets an item's remaining stock (null for unlimited)"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["itemId"],
        "properties": ["itemId": ["type": "string"], "remaining": ["type": ["integer", "null"], "minimum": 0]],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var itemId: String
        public var remaining: Int?
        public init(itemId: String, remaining: Int?) {
            self.itemId = itemId
            self.remaining = remaining
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        public var itemId: String
        public var remaining: Int?

        /// Creates the value field by field.
        public init(itemId: String, remaining: Int? = nil) {
            self.itemId = itemId
            self.remaining = remaining
        }
    }
}
