import CheckoutForm

import Ordering
import OrdersAPI
import Storage
import Wire

/// What the orders ops share: the menu, the stores and the form validator.
struct Orders: Sendable {
    let menu: MenuHolder
    let carts: CartStore
    let validator: CheckoutFormValidator
    let region: String
    let stock = StockStore()
    let orders = OrderStore()
    let uses = VoucherUseStore()

    /// A cart priced against `catalogue`; with `stockLeft` (units left by item), lines beyond what is left are
    /// refused.
    func price(_ cart: CartStore.Cart, _ catalogue: Catalogue, stockLeft: [String: Int]?) throws -> PricedCart {
        try catalogue.price(cart.lines, stockLeft: { stockLeft?[$0] })
    }

    /// The view of `cart` priced against the current menu; with `stockLeft`, lines beyond the stock are refused.
    /// - Throws: what pricing refuses.
    func view(of cart: CartStore.Cart, stockLeft: [String: Int]?) throws -> CartView {
        let catalogue = menu.current
        let priced = try price(cart, catalogue, stockLeft: stockLeft)
        return OrdersViews(catalogue: catalogue).cart(priced, id: cart.id, expiresAt: carts.expiry(of: cart))
    }

    /// A cart that may still be read for checkout: not ordered, not expired.
    /// - Throws: `not_found`, `failed_precondition`.
    func readable(_ cartID: String, in db: any SQLExecutor) async throws -> CartStore.Cart {
        let cart = try await carts.load(cartID, in: db)
        if let orderID = cart.orderID { throw CartStore.ordered(cartID, as: orderID) }
        if carts.isExpired(cart) { throw CartStore.expired(cartID) }
        return cart
    }

    /// The customer key for contact details given alone; `invalid_argument` when given but not valid.
    func customerKey(phone: String?, email: String?) throws -> CustomerKey? {
        guard phone != nil || email != nil else { return nil }
        guard let key = validator.customerKey(phone: phone, email: email, defaultRegion: region) else {
            throw WireError(.invalidArgument, "phone or email is not valid", field: phone != nil ? "phone" : "email")
        }
        return key
    }
}
