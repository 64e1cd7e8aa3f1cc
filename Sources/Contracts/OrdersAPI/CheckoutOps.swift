import Wire

/// `quote`: the cart priced with vouchers.
public enum QuoteOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "quote"
    public static let effect = OpEffect.read
    public static let summary = "Prices a cart with vouchers (coupon and/or vouchers), saying why any is refused"
    public static let refusals = [
        OpRefusal(.invalidArgument, field: "phone", "not a phone number (docs/orders.md)"),
        OpRefusal(.invalidArgument, field: "email", "not an email address"),
    ]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["cartId"],
        "properties": [
            "cartId": OrdersOps.cartID, "coupon": ["type": "string"],
            "vouchers": ["type": "array", "items": ["type": "string"]],
            "phone": ["type": "string", "description": "checks per-customer voucher limits"],
            "email": ["type": "string", "description": "checks per-customer voucher limits without a phone"],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var cartId: String
        public var coupon: String?
        public var vouchers: [String]?
        public var phone: String?
        public var email: String?

        public init(cartId: String, vouchers: [String] = [], phone: String? = nil, email: String? = nil) {
            self.cartId = cartId
            self.vouchers = vouchers
            self.phone = phone
            self.email = email
        }
    }
    public typealias Result = QuoteView
}

/// `checkout.validate`: every field's problem at once, and the normalized values.
public enum CheckoutValidateOp: OpContract {
    public static let service = OrdersOps.service
    public static let name = "checkout.validate"
    public static let effect = OpEffect.read
    public static let summary = "Validates a checkout form: every problem at once, normalized values"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["form"],
        "properties": ["form": OrdersOps.form, "cartId": OrdersOps.cartID],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var form: CheckoutFormArgs
        /// With a cart, vouchers are checked against it; without, only whether they can be used at all.
        public var cartId: String?
        public init(form: CheckoutFormArgs, cartId: String? = nil) {
            self.form = form
            self.cartId = cartId
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        public var valid: Bool
        public var errors: [FieldErrorView]
        public var normalized: NormalizedFormView

        /// Creates the value field by field.
        public init(valid: Bool, errors: [FieldErrorView], normalized: NormalizedFormView) {
            self.valid = valid
            self.errors = errors
            self.normalized = normalized
        }
    }
}
