import Wire

/// Arguments naming a cart.
public struct CartArgs: Codable, Sendable, Hashable {
    public var cartId: String
    public init(cartId: String) { self.cartId = cartId }
}

/// Arguments naming one line of a cart: an item line (`itemId`) or a bundle line (`saleId`), exactly one.
public struct CartLineArgs: Codable, Sendable, Hashable {
    public var cartId: String
    public var itemId: String?
    public var saleId: String?

    public init(cartId: String, itemId: String? = nil, saleId: String? = nil) {
        self.cartId = cartId
        self.itemId = itemId
        self.saleId = saleId
    }
}

/// Arguments of `cart.add`: an item and how many.
public struct CartItemArgs: Codable, Sendable, Hashable {
    public var cartId: String
    public var itemId: String
    /// How many to add; 1 when absent.
    public var quantity: Int?

    public init(cartId: String, itemId: String, quantity: Int? = nil) {
        self.cartId = cartId
        self.itemId = itemId
        self.quantity = quantity
    }
}

/// Arguments of `cart.addSale`: a bundle sale and how many.
public struct CartSaleArgs: Codable, Sendable, Hashable {
    public var cartId: String
    public var saleId: String
    /// How many to add; 1 when absent.
    public var quantity: Int?

    public init(cartId: String, saleId: String, quantity: Int? = nil) {
        self.cartId = cartId
        self.saleId = saleId
        self.quantity = quantity
    }
}

/// The arguments of `cart.increment`, `cart.decrement` and `cart.remove`, which always change a line by one (or
/// remove it), so take no `quantity`.
private let lineSchema: JSONValue = [
    "type": "object", "required": ["cartId"],
    "properties": [
        "cartId": OrdersOps.cartID, "itemId": ["type": "string", "minLength": 1],
        "saleId": ["type": "string", "minLength": 1],
    ],
    // A member given as `null` is absent, so each branch wants its member to be a string.
    "oneOf": [
        ["required": ["itemId"], "properties": ["itemId": ["type": "string"]]],
        ["required": ["saleId"], "properties": ["saleId": ["type": "string"]]],
    ],
    "description": "exactly one of itemId (an item line) and saleId (a bundle line)",
]

/// `cart.create`: a new, empty cart.
public enum CartCreateOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "cart.create"
    public static let effect = OpEffect.write
    public static let summary = "Creates an empty cart"
    public static let argsSchema: JSONValue = ["type": "object"]
    public typealias Args = NoArgs
    public typealias Result = CartView
}

/// `cart.get`: a cart, priced.
public enum CartGetOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "cart.get"
    public static let effect = OpEffect.read
    public static let summary = "A cart with its lines, counts and prices"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["cartId"], "properties": ["cartId": OrdersOps.cartID],
    ]
    public typealias Args = CartArgs
    public typealias Result = CartView
}

/// `cart.add`: adds `quantity` of a regular or discount item (merging with its line).
public enum CartAddOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "cart.add"
    public static let effect = OpEffect.write
    public static let summary = "Adds an item (quantity, default 1), merging with its line"
    public static let refusals =
        [OpRefusal(.invalidArgument, field: "itemId", "no item on the menu has the id")] + OrdersOps.stockRefusals
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["cartId", "itemId"],
        "properties": ["cartId": OrdersOps.cartID, "itemId": ["type": "string"], "quantity": OrdersOps.quantity],
    ]
    public typealias Args = CartItemArgs
    public typealias Result = CartView
}

/// `cart.increment`: one more of a line already in the cart.
public enum CartIncrementOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "cart.increment"
    public static let effect = OpEffect.write
    public static let summary = "One more of a line in the cart (itemId or saleId)"
    public static let refusals = OrdersOps.stockRefusals
    public static let argsSchema = lineSchema
    public typealias Args = CartLineArgs
    public typealias Result = CartView
}

/// `cart.decrement`: one fewer; the line goes at zero.
public enum CartDecrementOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "cart.decrement"
    public static let effect = OpEffect.write
    public static let summary = "One fewer of a line (itemId or saleId); at zero the line is removed"
    public static let argsSchema = lineSchema
    public typealias Args = CartLineArgs
    public typealias Result = CartView
}

/// `cart.remove`: removes a line.
public enum CartRemoveOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "cart.remove"
    public static let effect = OpEffect.write
    public static let summary = "Removes a line (itemId or saleId)"
    public static let argsSchema = lineSchema
    public typealias Args = CartLineArgs
    public typealias Result = CartView
}

/// `cart.addSale`: adds a bundle sale as a special line.
public enum CartAddSaleOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "cart.addSale"
    public static let effect = OpEffect.write
    public static let summary = "Adds a bundle sale of special items (quantity, default 1)"
    public static let refusals =
        [OpRefusal(.invalidArgument, field: "saleId", "no sale on the menu has the id")] + OrdersOps.stockRefusals
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["cartId", "saleId"],
        "properties": ["cartId": OrdersOps.cartID, "saleId": ["type": "string"], "quantity": OrdersOps.quantity],
    ]
    public typealias Args = CartSaleArgs
    public typealias Result = CartView
}
