import Foundation
import Ordering

/// Small menu files for tests, built from JSON fragments so each bad case changes one part of a valid file.
enum Menus {
    static let restaurant = #"{"name": "Test Diner", "currency": "CAD", "minorDigits": 2}"#
    static let items = #"""
        [
            {"id": "a", "name": "A", "description": "d", "kind": "regular", "price": "10.00"},
            {"id": "b", "name": "B", "description": "d", "kind": "discount", "price": "8.00", "discountPrice": "6.00"},
            {"id": "s", "name": "S", "description": "d", "kind": "special", "price": "5.00"}
        ]
        """#
    static let groups = #"[{"id": "g", "name": "G", "items": ["a", "b"]}]"#
    static let sales = #"""
        [
            {"id": "info", "kind": "announcement", "title": "T", "description": "d"},
            {"id": "deal", "kind": "bundle", "title": "D", "description": "d",
             "items": [{"itemId": "s", "quantity": 2}], "price": "9.00"}
        ]
        """#
    static let vouchers = #"[{"code": "X", "percent": "10", "scope": "order"}]"#

    /// A menu file; every part defaults to the valid fragment above.
    static func json(
        restaurant: String = restaurant,
        items: String = items,
        groups: String = groups,
        sales: String = sales,
        vouchers: String = vouchers
    ) -> String {
        #"{"restaurant": \#(restaurant), "items": \#(items), "groups": \#(groups), "#
            + #""sales": \#(sales), "vouchers": \#(vouchers)}"#
    }

    /// Parses a menu held in a string.
    static func load(_ json: String) throws -> Catalogue {
        try Catalogue.decode(Data(json.utf8), fileName: "menu.json")
    }

    /// The shop the pricing and voucher tests use; amounts chosen so expected results are easy to check by hand.
    ///
    /// Items: burger 10.00, salmon 20.00 (mains); wings 12.00 → 9.00, soup 5.00 (starters); cola 3.00 (drinks);
    /// pie 7.00 with 2 in stock, gone 4.00 sold out (sweets); specials lobster 30.00 and wine 10.00, sold as the
    /// `feast` bundle (1 lobster + 2 wine = 50.00 list) for 40.00. `tuesday` is an announcement.
    static let shopJSON = #"""
        {
          "restaurant": {"name": "Test Shop", "currency": "CAD", "minorDigits": 2},
          "items": [
            {"id": "burger", "name": "Burger", "description": "d", "kind": "regular", "price": "10.00"},
            {"id": "salmon", "name": "Salmon", "description": "d", "kind": "regular", "price": "20.00"},
            {"id": "wings", "name": "Wings", "description": "d", "kind": "discount", "price": "12.00",
             "discountPrice": "9.00"},
            {"id": "soup", "name": "Soup", "description": "d", "kind": "regular", "price": "5.00"},
            {"id": "cola", "name": "Cola", "description": "d", "kind": "regular", "price": "3.00"},
            {"id": "pie", "name": "Pie", "description": "d", "kind": "regular", "price": "7.00", "stock": 2},
            {"id": "gone", "name": "Gone", "description": "d", "kind": "regular", "price": "4.00", "soldOut": true},
            {"id": "lobster", "name": "Lobster", "description": "d", "kind": "special", "price": "30.00", "stock": 3},
            {"id": "wine", "name": "Wine", "description": "d", "kind": "special", "price": "10.00"}
          ],
          "groups": [
            {"id": "mains", "name": "Mains", "items": ["burger", "salmon"]},
            {"id": "starters", "name": "Starters", "items": ["wings", "soup"]},
            {"id": "drinks", "name": "Drinks", "items": ["cola"]},
            {"id": "sweets", "name": "Sweets", "items": ["pie", "gone"]}
          ],
          "sales": [
            {"id": "tuesday", "kind": "announcement", "title": "Tuesday", "description": "Kids eat free"},
            {"id": "feast", "kind": "bundle", "title": "Feast", "description": "d",
             "items": [{"itemId": "lobster", "quantity": 1}, {"itemId": "wine", "quantity": 2}], "price": "40.00"}
          ],
          "vouchers": [
            {"code": "TENOFF", "percent": "10", "scope": "order", "stackable": true, "visibility": "public"},
            {"code": "BURGER2", "amount": "2.00", "scope": {"items": ["burger"]}, "stackable": true,
             "visibility": "public"},
            {"code": "MAINS20", "percent": "20", "scope": {"groups": ["mains"]}, "stackable": true,
             "visibility": "public"},
            {"code": "ODD", "percent": "12.5", "scope": {"items": ["cola"]}, "stackable": true, "visibility": "public"},
            {"code": "SOLO", "percent": "50", "scope": "order", "visibility": "public"},
            {"code": "CAP", "percent": "50", "scope": "order", "maxDiscount": "3.00", "stackable": true,
             "visibility": "public"},
            {"code": "BIG", "amount": "1000.00", "scope": "order", "stackable": true, "visibility": "public"},
            {"code": "MINSPEND", "amount": "5.00", "scope": "order", "minSpend": "30.00", "stackable": true,
             "visibility": "public"},
            {"code": "MINQ", "amount": "1.00", "scope": {"groups": ["mains"]}, "minQuantity": 3, "stackable": true,
             "visibility": "public"},
            {"code": "WINDOW", "percent": "10", "scope": "order", "startsAt": "2026-06-01T00:00:00Z",
             "endsAt": "2026-07-01T00:00:00Z", "stackable": true, "visibility": "public"},
            {"code": "LIMITED", "percent": "10", "scope": "order", "usageLimit": 5, "perCustomerLimit": 1,
             "stackable": true, "visibility": "public"},
            {"code": "SECRET", "percent": "10", "scope": "order", "minSpend": "30.00", "usageLimit": 5,
             "perCustomerLimit": 1, "startsAt": "2026-06-01T00:00:00Z", "endsAt": "2026-07-01T00:00:00Z",
             "stackable": true}
          ]
        }
        """#

    /// The test shop, loaded once.
    static let shop: Catalogue = {
        do {
            return try load(shopJSON)
        } catch {
            fatalError("the test shop menu is invalid: \(error)")
        }
    }()

    /// An instant inside every voucher window of the test shop.
    static let june = date("2026-06-15T12:00:00Z")

    static func date(_ text: String) -> Date {
        do {
            return try Date(text, strategy: .iso8601)
        } catch {
            fatalError("bad test date \(text)")
        }
    }
}
