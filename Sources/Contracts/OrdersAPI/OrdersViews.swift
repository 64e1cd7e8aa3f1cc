import Wire

/// A cart as every cart op answers it. Money is a decimal string in the menu's currency.
public struct CartView: Codable, Sendable, Hashable {
    public var cartId: String
    public var currency: String
    /// Regular and discount items.
    public var items: [LineView]
    /// Sale bundles of special items, kept apart from `items`.
    public var specialItems: [LineView]
    /// Units in the cart: item quantities plus each bundle's quantity times the items in it.
    public var totalCount: Int
    /// List prices before any discount.
    public var subtotal: String
    /// Item and bundle discounts.
    public var discount: String
    /// `subtotal - discount`.
    public var total: String
    /// When the cart expires if left alone (ISO 8601, UTC).
    public var expiresAt: String

    /// Creates the value field by field.
    public init(
        cartId: String,
        currency: String,
        items: [LineView],
        specialItems: [LineView],
        totalCount: Int,
        subtotal: String,
        discount: String,
        total: String,
        expiresAt: String
    ) {
        self.cartId = cartId
        self.currency = currency
        self.items = items
        self.specialItems = specialItems
        self.totalCount = totalCount
        self.subtotal = subtotal
        self.discount = discount
        self.total = total
        self.expiresAt = expiresAt
    }
}

/// One cart or order line.
public struct LineView: Codable, Sendable, Hashable {
    /// The item id, or the sale id for a bundle.
    public var id: String
    public var name: String
    /// `regular`, `discount` or `bundle`.
    public var kind: String
    public var quantity: Int
    /// List price of one.
    public var listPrice: String
    /// What one costs after its discount.
    public var unitPrice: String
    public var subtotal: String
    public var discount: String
    public var total: String

    /// Creates the value field by field.
    public init(
        id: String,
        name: String,
        kind: String,
        quantity: Int,
        listPrice: String,
        unitPrice: String,
        subtotal: String,
        discount: String,
        total: String
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.quantity = quantity
        self.listPrice = listPrice
        self.unitPrice = unitPrice
        self.subtotal = subtotal
        self.discount = discount
        self.total = total
    }
}

/// The menu with live availability.
public struct MenuView: Codable, Sendable, Hashable {
    public struct Restaurant: Codable, Sendable, Hashable {
        public var name: String
        public var currency: String

        /// Creates the value field by field.
        public init(name: String, currency: String) {
            self.name = name
            self.currency = currency
        }
    }

    public struct Group: Codable, Sendable, Hashable {
        public var id: String
        public var name: String
        public var items: [Item]

        /// Creates the value field by field.
        public init(id: String, name: String, items: [Item]) {
            self.id = id
            self.name = name
            self.items = items
        }
    }

    public struct Item: Codable, Sendable, Hashable {
        public var id: String
        public var name: String
        public var description: String
        /// `regular`, `discount` or `special`.
        public var kind: String
        public var price: String
        public var discountPrice: String?
        public var tags: [String]
        /// False when sold out or out of stock.
        public var available: Bool
        /// Units left, for stock-limited items.
        public var remaining: Int?

        /// Creates the value field by field.
        public init(
            id: String,
            name: String,
            description: String,
            kind: String,
            price: String,
            discountPrice: String? = nil,
            tags: [String],
            available: Bool,
            remaining: Int? = nil
        ) {
            self.id = id
            self.name = name
            self.description = description
            self.kind = kind
            self.price = price
            self.discountPrice = discountPrice
            self.tags = tags
            self.available = available
            self.remaining = remaining
        }
    }

    public struct BundleItem: Codable, Sendable, Hashable {
        public var itemId: String
        public var name: String
        public var quantity: Int

        /// Creates the value field by field.
        public init(itemId: String, name: String, quantity: Int) {
            self.itemId = itemId
            self.name = name
            self.quantity = quantity
        }
    }

    public struct Sale: Codable, Sendable, Hashable {
        public var id: String
        /// `announcement` (information only) or `bundle` (add it with `cart.addSale`).
        public var kind: String
        public var title: String
        public var description: String
        public var validity: String?
        /// A bundle's items.
        public var items: [BundleItem]?
        /// A bundle's price, and what its items cost one by one.
        public var price: String?
        public var listPrice: String?
        /// False when a bundle item is sold out or out of stock.
        public var available: Bool

        /// Creates the value field by field.
        public init(
            id: String,
            kind: String,
            title: String,
            description: String,
            validity: String? = nil,
            items: [BundleItem]? = nil,
            price: String? = nil,
            listPrice: String? = nil,
            available: Bool
        ) {
            self.id = id
            self.kind = kind
            self.title = title
            self.description = description
            self.validity = validity
            self.items = items
            self.price = price
            self.listPrice = listPrice
            self.available = available
        }
    }

    public var restaurant: Restaurant
    public var groups: [Group]
    /// Special items, sold only in bundles.
    public var specialItems: [Item]
    public var sales: [Sale]

    /// Creates the value field by field.
    public init(restaurant: Restaurant, groups: [Group], specialItems: [Item], sales: [Sale]) {
        self.restaurant = restaurant
        self.groups = groups
        self.specialItems = specialItems
        self.sales = sales
    }
}

/// What one voucher did for a quote or an order.
public struct VoucherView: Codable, Sendable, Hashable {
    public struct Refusal: Codable, Sendable, Hashable {
        /// `not_found`, `expired`, `not_started`, `usage_limit_reached`, `min_spend`, `not_applicable` or
        /// `not_stackable`.
        public var code: String
        public var message: String
        /// For `min_spend`: how much more the cart needs.
        public var shortfall: String?

        /// Creates the value field by field.
        public init(code: String, message: String, shortfall: String? = nil) {
            self.code = code
            self.message = message
            self.shortfall = shortfall
        }
    }

    /// The code, normalized (trimmed, upper case).
    public var code: String
    public var applied: Bool
    public var discount: String
    public var refusal: Refusal?

    /// Creates the value field by field.
    public init(code: String, applied: Bool, discount: String, refusal: Refusal? = nil) {
        self.code = code
        self.applied = applied
        self.discount = discount
        self.refusal = refusal
    }
}

/// A priced cart with vouchers applied.
public struct QuoteView: Codable, Sendable, Hashable {
    public var cart: CartView
    public var vouchers: [VoucherView]
    public var voucherDiscount: String
    /// `cart.total - voucherDiscount`, never below zero.
    public var total: String

    /// Creates the value field by field.
    public init(cart: CartView, vouchers: [VoucherView], voucherDiscount: String, total: String) {
        self.cart = cart
        self.vouchers = vouchers
        self.voucherDiscount = voucherDiscount
        self.total = total
    }
}

/// The checkout form as clients send it.
public struct CheckoutFormArgs: Codable, Sendable, Hashable {
    public struct Address: Codable, Sendable, Hashable {
        public var street: String
        public var city: String
        public var postalCode: String
        /// ISO 3166 alpha-2; the worker's default region when absent.
        public var country: String?

        public init(street: String, city: String, postalCode: String, country: String? = nil) {
            self.street = street
            self.city = city
            self.postalCode = postalCode
            self.country = country
        }
    }

    public var name: String
    public var phone: String
    public var email: String?
    public var address: Address
    /// One voucher code (the original API's field).
    public var coupon: String?
    /// Several voucher codes, applied item- and group-scoped first, then order-scoped, each in the order given.
    public var vouchers: [String]?

    public init(
        name: String,
        phone: String,
        email: String? = nil,
        address: Address,
        coupon: String? = nil,
        vouchers: [String]? = nil
    ) {
        self.name = name
        self.phone = phone
        self.email = email
        self.address = address
        self.coupon = coupon
        self.vouchers = vouchers
    }

    /// `coupon` followed by `vouchers`.
    public var voucherCodes: [String] { (coupon.map { [$0] } ?? []) + (vouchers ?? []) }
}

/// One field's problem in `checkout.validate`.
public struct FieldErrorView: Codable, Sendable, Hashable {
    public var field: String
    public var code: String
    public var message: String

    /// Creates the value field by field.
    public init(field: String, code: String, message: String) {
        self.field = field
        self.code = code
        self.message = message
    }
}

/// The checkout form's values after normalization.
public struct NormalizedFormView: Codable, Sendable, Hashable {
    public struct Address: Codable, Sendable, Hashable {
        public var street: String?
        public var city: String?
        public var postalCode: String?
        public var country: String?

        /// Creates the value field by field.
        public init(street: String? = nil, city: String? = nil, postalCode: String? = nil, country: String? = nil) {
            self.street = street
            self.city = city
            self.postalCode = postalCode
            self.country = country
        }
    }

    public var name: String?
    /// E.164.
    public var phone: String?
    public var email: String?
    public var address: Address

    /// Creates the value field by field.
    public init(name: String? = nil, phone: String? = nil, email: String? = nil, address: Address) {
        self.name = name
        self.phone = phone
        self.email = email
        self.address = address
    }
}

/// A placed order.
public struct OrderView: Codable, Sendable, Hashable {
    public struct Customer: Codable, Sendable, Hashable {
        public var name: String
        public var phone: String
        public var email: String?
        public var address: NormalizedFormView.Address

        /// Creates the value field by field.
        public init(name: String, phone: String, email: String? = nil, address: NormalizedFormView.Address) {
            self.name = name
            self.phone = phone
            self.email = email
            self.address = address
        }
    }

    public struct StatusChange: Codable, Sendable, Hashable {
        public var status: String
        public var at: String

        /// Creates the value field by field.
        public init(status: String, at: String) {
            self.status = status
            self.at = at
        }
    }

    public var orderId: String
    /// `placed`, `accepted`, `preparing`, `out_for_delivery`, `delivered` or `cancelled`.
    public var status: String
    public var currency: String
    public var items: [LineView]
    public var specialItems: [LineView]
    public var subtotal: String
    public var discount: String
    public var vouchers: [VoucherView]
    public var voucherDiscount: String
    public var total: String
    public var customer: Customer
    public var placedAt: String
    public var history: [StatusChange]

    /// Creates the value field by field.
    public init(
        orderId: String,
        status: String,
        currency: String,
        items: [LineView],
        specialItems: [LineView],
        subtotal: String,
        discount: String,
        vouchers: [VoucherView],
        voucherDiscount: String,
        total: String,
        customer: Customer,
        placedAt: String,
        history: [StatusChange]
    ) {
        self.orderId = orderId
        self.status = status
        self.currency = currency
        self.items = items
        self.specialItems = specialItems
        self.subtotal = subtotal
        self.discount = discount
        self.vouchers = vouchers
        self.voucherDiscount = voucherDiscount
        self.total = total
        self.customer = customer
        self.placedAt = placedAt
        self.history = history
    }
}
