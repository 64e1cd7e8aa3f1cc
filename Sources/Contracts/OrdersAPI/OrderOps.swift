import Wire

/// Arguments naming an order.
public struct OrderArgs: Codable, Sendable, Hashable {
    public var orderId: String
    public init(orderId: String) { self.orderId = orderId }
}

/// `order.place`: validates, prices, consumes vouchers and stock, writes the order and empties the cart, in one
/// transaction; needs an idempotency key.
public enum OrderPlaceOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "order.place"
    public static let effect = OpEffect.write
    public static let summary = "Places the cart's order exactly once (needs an idempotency key)"
    public static let refusals =
        [
            OpRefusal(
                .invalidArgument,
                field: "form",
                "the checkout form's rules (docs/orders.md), each problem in details"
            ),
            OpRefusal(
                .invalidArgument,
                field: "idempotencyKey",
                "no key, neither here nor in the Idempotency-Key header"
            ),
            OpRefusal(.failedPrecondition, field: "cartId", "the cart is empty"),
        ] + OrdersOps.stockRefusals
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["cartId", "form"],
        "properties": [
            "cartId": OrdersOps.cartID, "form": OrdersOps.form,
            "idempotencyKey": [
                "type": "string", "minLength": 1, "maxLength": 128, "description": "or in the request envelope",
            ],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var cartId: String
        public var form: CheckoutFormArgs
        public var idempotencyKey: String?
        public init(cartId: String, form: CheckoutFormArgs, idempotencyKey: String? = nil) {
            self.cartId = cartId
            self.form = form
            self.idempotencyKey = idempotencyKey
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        public var orderId: String
        public var total: String
        public var status: String
        public var order: OrderView

        /// Creates the value field by field.
        public init(orderId: String, total: String, status: String, order: OrderView) {
            self.orderId = orderId
            self.total = total
            self.status = status
            self.order = order
        }
    }
}

/// `order.get`: one order by id (the id is the customer's proof of it).
public enum OrderGetOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "order.get"
    public static let effect = OpEffect.read
    public static let summary = "An order with its lines, vouchers and status history"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["orderId"], "properties": ["orderId": OrdersOps.orderID],
    ]
    public typealias Args = OrderArgs
    public typealias Result = OrderView
}

/// `order.list` (staff): a customer's orders, newest first.
public enum OrderListOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "order.list"
    public static let access = OpAccess.staff
    public static let effect = OpEffect.read
    public static let summary = "Staff: a customer's orders by phone or email, newest first, paged"
    public static let argsSchema: JSONValue = [
        "type": "object",
        "properties": [
            "phone": ["type": "string"], "email": ["type": "string"],
            "limit": ["type": "integer", "minimum": 1, "maximum": 100, "default": 20],
            "cursor": ["type": "string", "description": "nextCursor of the previous page"],
        ],
        "description": "phone or email (normalized as at checkout)",
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var phone: String?
        public var email: String?
        public var limit: Int?
        public var cursor: String?
        public init(phone: String? = nil, email: String? = nil, limit: Int? = nil, cursor: String? = nil) {
            self.phone = phone
            self.email = email
            self.limit = limit
            self.cursor = cursor
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        public var orders: [OrderView]
        public var nextCursor: String?

        /// Creates the value field by field.
        public init(orders: [OrderView], nextCursor: String? = nil) {
            self.orders = orders
            self.nextCursor = nextCursor
        }
    }
}

/// `order.cancel`: the customer cancels while the order is `placed`; stock and voucher uses come back.
public enum OrderCancelOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "order.cancel"
    public static let effect = OpEffect.write
    public static let summary = "Cancels an order that is still placed"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["orderId"], "properties": ["orderId": OrdersOps.orderID],
    ]
    public typealias Args = OrderArgs
    public typealias Result = OrderView
}

/// `order.updateStatus` (staff): moves an order along `placed -> accepted -> preparing -> out_for_delivery ->
/// delivered`, or to `cancelled` before it leaves.
public enum OrderUpdateStatusOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "order.updateStatus"
    public static let access = OpAccess.staff
    public static let effect = OpEffect.write
    public static let summary = "Staff: moves an order to its next status, or cancels it before delivery"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["orderId", "status"],
        "properties": [
            "orderId": OrdersOps.orderID,
            "status": [
                "type": "string", "enum": ["accepted", "preparing", "out_for_delivery", "delivered", "cancelled"],
            ],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var orderId: String
        public var status: String
        public init(orderId: String, status: String) {
            self.orderId = orderId
            self.status = status
        }
    }
    public typealias Result = OrderView
}
