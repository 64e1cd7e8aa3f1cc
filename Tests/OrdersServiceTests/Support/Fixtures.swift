import OrdersAPI

/// Checkout forms.
enum Forms {
    /// A valid Canadian form, typed loosely: it normalizes to `+16135550199` and `K1M 1M4`.
    static let valid = CheckoutFormArgs(
        name: "  Zoë   O'Brien ",
        phone: "(613) 555-0199",
        email: "Zoe@Example.COM",
        address: .init(street: "24 Sussex Drive", city: "Ottawa", postalCode: "k1m1m4")
    )

    /// The valid form with other voucher codes.
    static func valid(
        vouchers: [String]? = nil,
        coupon: String? = nil,
        phone: String = "(613) 555-0199"
    )
        -> CheckoutFormArgs
    {
        var form = valid
        form.vouchers = vouchers
        form.coupon = coupon
        form.phone = phone
        return form
    }

    /// A form where every field but the e-mail is wrong.
    static let invalid = CheckoutFormArgs(
        name: "R2-D2",
        phone: "12",
        email: "not-an-email",
        address: .init(street: "Main Street", city: "", postalCode: "123", country: "CA")
    )
}

/// A small menu for rules the bundled sample cannot show without depending on today's date or its large stocks.
enum TestMenu {
    /// Items `soup` (10.00), `pie` (5.00, stock 3), special `lobster` (30.00, stock 4) sold in bundle `feast`
    /// (two lobsters for 50.00), and vouchers: `OLD` (public, expired), `LATER` (public, not started),
    /// `HIDDENOLD` (private, expired), `ONCE` (public, one use in all, 1.00 off), `TWICE` (public, twice per
    /// customer, 2.00 off), `SOLO` (public, 50 % off, not stackable), `BIG` (public, 10 % off over 100.00).
    static let json = """
        {
          "restaurant": {"name": "Test Kitchen", "currency": "CAD", "minorDigits": 2},
          "items": [
            {"id": "soup", "name": "Soup", "description": "Hot.", "kind": "regular", "price": "10.00"},
            {"id": "pie", "name": "Pie", "description": "Sweet.", "kind": "regular", "price": "5.00", "stock": 3},
            {"id": "lobster", "name": "Lobster", "description": "Big.", "kind": "special", "price": "30.00",
             "stock": 4}
          ],
          "groups": [{"id": "all", "name": "All", "items": ["soup", "pie"]}],
          "sales": [
            {"id": "feast", "kind": "bundle", "title": "Feast", "description": "Two lobsters.",
             "items": [{"itemId": "lobster", "quantity": 2}], "price": "50.00"}
          ],
          "vouchers": [
            {"code": "OLD", "percent": "10", "scope": "order", "endsAt": "2000-01-01T00:00:00Z",
             "visibility": "public"},
            {"code": "LATER", "percent": "10", "scope": "order", "startsAt": "2999-01-01T00:00:00Z",
             "visibility": "public"},
            {"code": "HIDDENOLD", "percent": "10", "scope": "order", "endsAt": "2000-01-01T00:00:00Z",
             "visibility": "private"},
            {"code": "ONCE", "amount": "1.00", "scope": "order", "usageLimit": 1, "stackable": true,
             "visibility": "public"},
            {"code": "TWICE", "amount": "2.00", "scope": "order", "perCustomerLimit": 2, "stackable": true,
             "visibility": "public"},
            {"code": "SOLO", "percent": "50", "scope": "order", "visibility": "public"},
            {"code": "BIG", "percent": "10", "scope": "order", "minSpend": "100.00", "stackable": true,
             "visibility": "public"}
          ]
        }
        """
}
