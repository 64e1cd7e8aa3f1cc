import Foundation
import Ordering
import Testing

/// A bad menu file and the exact fields its problems must name, in the order reported.
struct BadMenu: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    let fields: [String]

    var testDescription: String { name }
}

@Suite struct CatalogueValidationTests {
    static let items = Menus.items

    static func items(_ replace: String, with text: String) -> String {
        precondition(items.contains(replace), "fixture has no \(replace)")
        return items.replacingOccurrences(of: replace, with: text)
    }

    static let cases: [BadMenu] = [
        .init(
            name: "negative price",
            json: Menus.json(items: items(#""price": "10.00""#, with: #""price": "-1""#)),
            fields: ["items[0].price"]
        ),
        .init(
            name: "price with too many digits",
            json: Menus.json(items: items(#""price": "10.00""#, with: #""price": "10.001""#)),
            fields: ["items[0].price"]
        ),
        .init(
            name: "price as a JSON number",
            json: Menus.json(items: items(#""price": "10.00""#, with: #""price": 10"#)),
            fields: ["items[0].price"]
        ),
        .init(
            name: "zero price",
            json: Menus.json(items: items(#""price": "10.00""#, with: #""price": "0""#)),
            fields: ["items[0].price"]
        ),
        .init(
            name: "missing name",
            json: Menus.json(items: items(#""name": "A", "#, with: "")),
            fields: ["items[0].name"]
        ),
        .init(
            name: "unknown kind",
            json: Menus.json(items: items(#""kind": "regular""#, with: #""kind": "combo""#)),
            fields: ["items[0].kind"]
        ),
        .init(
            name: "discount price not below the price",
            json: Menus.json(items: items(#""discountPrice": "6.00""#, with: #""discountPrice": "8.00""#)),
            fields: ["items[1].discountPrice"]
        ),
        .init(
            name: "discount item without a discount price, spelled wrong",
            json: Menus.json(items: items(#""discountPrice""#, with: #""discount_price""#)),
            fields: ["items[1].discount_price", "items[1].discountPrice"]
        ),
        .init(
            name: "discount price on a regular item",
            json: Menus.json(items: items(#""price": "10.00""#, with: #""price": "10.00", "discountPrice": "9.00""#)),
            fields: ["items[0].discountPrice"]
        ),
        .init(
            name: "duplicate item id",
            json: Menus.json(items: items(#""id": "b""#, with: #""id": "a""#)),
            fields: ["items[1].id", "groups[0].items[1]"]
        ),
        .init(
            name: "negative stock",
            json: Menus.json(items: items(#""price": "5.00""#, with: #""price": "5.00", "stock": -1"#)),
            fields: ["items[2].stock"]
        ),
        .init(
            name: "unknown group item and an item in no group",
            json: Menus.json(groups: #"[{"id": "g", "name": "G", "items": ["a", "zz"]}]"#),
            fields: ["groups[0].items[1]", "items[1]"]
        ),
        .init(
            name: "special item in a group",
            json: Menus.json(groups: #"[{"id": "g", "name": "G", "items": ["a", "b", "s"]}]"#),
            fields: ["groups[0].items[2]"]
        ),
        .init(
            name: "duplicate group id and an empty group",
            json: Menus.json(
                groups: #"[{"id": "g", "name": "G", "items": ["a", "b"]}, {"id": "g", "name": "H", "items": []}]"#
            ),
            fields: ["groups[1].items", "groups[1].id"]
        ),
        .init(
            name: "bundle holding a regular item, leaving the special item unsold",
            json: Menus.json(sales: Menus.sales.replacingOccurrences(of: #""itemId": "s""#, with: #""itemId": "a""#)),
            fields: ["sales[1].items[0].itemId", "items[2]"]
        ),
        .init(
            name: "bundle naming an unknown item",
            json: Menus.json(
                sales: Menus.sales.replacingOccurrences(
                    of: #"[{"itemId": "s", "quantity": 2}]"#,
                    with: #"[{"itemId": "s", "quantity": 2}, {"itemId": "nope", "quantity": 1}]"#
                )
            ),
            fields: ["sales[1].items[1].itemId"]
        ),
        .init(
            name: "bundle price not below its items",
            json: Menus.json(sales: Menus.sales.replacingOccurrences(of: #""9.00""#, with: #""10.00""#)),
            fields: ["sales[1].price"]
        ),
        .init(
            name: "bundle item quantity of zero",
            json: Menus.json(sales: Menus.sales.replacingOccurrences(of: #""quantity": 2"#, with: #""quantity": 0"#)),
            fields: ["sales[1].items[0].quantity"]
        ),
        .init(
            name: "special item in no bundle",
            json: Menus.json(sales: #"[{"id": "info", "kind": "announcement", "title": "T", "description": "d"}]"#),
            fields: ["items[2]"]
        ),
        .init(
            name: "announcement with a price, and a duplicate sale id",
            json: Menus.json(
                sales: Menus.sales.replacingOccurrences(
                    of: #""description": "d"}"#,
                    with: #""description": "d", "price": "1.00"}"#
                )
                .replacingOccurrences(of: #""id": "deal""#, with: #""id": "info""#)
            ),
            fields: ["sales[0].price", "sales[1].id"]
        ),
        .init(
            name: "voucher scope naming an unknown group",
            json: Menus.json(vouchers: #"[{"code": "X", "percent": "10", "scope": {"groups": ["g", "nope"]}}]"#),
            fields: ["vouchers[0].scope.groups[1]"]
        ),
        .init(
            name: "voucher scope naming an unknown item and a special item",
            json: Menus.json(vouchers: #"[{"code": "X", "amount": "1.00", "scope": {"items": ["zz", "s"]}}]"#),
            fields: ["vouchers[0].scope.items[0]", "vouchers[0].scope.items[1]"]
        ),
        .init(
            name: "voucher scope of an unknown shape",
            json: Menus.json(vouchers: #"[{"code": "X", "percent": "10", "scope": "everything"}]"#),
            fields: ["vouchers[0].scope"]
        ),
        .init(
            name: "duplicate voucher codes differing in case",
            json: Menus.json(
                vouchers:
                    #"[{"code": "X", "percent": "10", "scope": "order"}, "#
                    + #"{"code": " x", "percent": "5", "scope": "order"}]"#
            ),
            fields: ["vouchers[1].code"]
        ),
        .init(
            name: "percent out of range or too precise",
            json: Menus.json(
                vouchers: #"""
                    [{"code": "A", "percent": "0", "scope": "order"},
                     {"code": "B", "percent": "100.01", "scope": "order"},
                     {"code": "C", "percent": "10.005", "scope": "order"},
                     {"code": "D", "percent": 10, "scope": "order"}]
                    """#
            ),
            fields: ["vouchers[0].percent", "vouchers[1].percent", "vouchers[2].percent", "vouchers[3].percent"]
        ),
        .init(
            name: "percent and amount, or neither",
            json: Menus.json(
                vouchers:
                    #"[{"code": "A", "percent": "10", "amount": "1.00", "scope": "order"}, "#
                    + #"{"code": "B", "scope": "order"}]"#
            ),
            fields: ["vouchers[0]", "vouchers[1]"]
        ),
        .init(
            name: "window ending before it starts, bad timestamp, cap on a fixed amount",
            json: Menus.json(
                vouchers: #"""
                    [{"code": "A", "percent": "10", "scope": "order", "startsAt": "2026-02-01T00:00:00Z",
                      "endsAt": "2026-01-01T00:00:00Z"},
                     {"code": "B", "amount": "1.00", "scope": "order", "startsAt": "next week", "maxDiscount": "0.50"}]
                    """#
            ),
            fields: ["vouchers[0].endsAt", "vouchers[1].startsAt", "vouchers[1].maxDiscount"]
        ),
        .init(
            name: "bad limits, visibility and stackable",
            json: Menus.json(
                vouchers: #"""
                    [{"code": "A", "percent": "10", "scope": "order", "usageLimit": 0, "perCustomerLimit": 1.5,
                      "minQuantity": -2, "minSpend": "-5", "visibility": "secret", "stackable": "yes"}]
                    """#
            ),
            fields: [
                "vouchers[0].minSpend", "vouchers[0].minQuantity", "vouchers[0].usageLimit",
                "vouchers[0].perCustomerLimit", "vouchers[0].stackable", "vouchers[0].visibility",
            ]
        ),
        .init(
            name: "bad restaurant",
            json: Menus.json(restaurant: #"{"name": "", "currency": "cad", "minorDigits": 9}"#),
            fields: ["restaurant.name", "restaurant.currency", "restaurant.minorDigits"]
        ),
        .init(
            name: "missing top-level lists and an unknown one",
            json: #"{"restaurant": {"name": "T", "currency": "CAD"}, "menu": []}"#,
            fields: ["menu", "items", "groups"]
        ),
        .init(
            name: "items that are not objects",
            json: Menus.json(items: #"[1, "a"]"#, groups: "[]", sales: "[]", vouchers: "[]"),
            fields: ["items[0]", "items[1]"]
        ),
        .init(name: "not JSON", json: "{", fields: [""]),
        .init(
            name: "several problems at once across the file",
            json: Menus.json(
                items: items(#""price": "10.00""#, with: #""price": "ten""#)
                    .replacingOccurrences(of: #""discountPrice": "6.00""#, with: #""discountPrice": "9.00""#),
                groups: #"[{"id": "g", "name": "G", "items": ["a", "b", "ghost"]}]"#,
                sales: Menus.sales.replacingOccurrences(of: #""itemId": "s""#, with: #""itemId": "b""#),
                vouchers: #"[{"code": "X", "percent": "101", "scope": {"groups": ["h"]}}]"#
            ),
            fields: [
                "items[0].price", "items[1].discountPrice", "vouchers[0].percent", "groups[0].items[2]",
                "sales[1].items[0].itemId", "items[2]", "vouchers[0].scope.groups[0]",
            ]
        ),
    ]

    @Test("a bad menu lists every problem with its path", arguments: cases)
    func rejects(_ menu: BadMenu) throws {
        let error = try #require(throws: OrderingError.self) { try Menus.load(menu.json) }
        #expect(error.code == .invalidCatalogue)
        #expect(error.problems.map(\.field) == menu.fields, "\(error)")
        #expect(error.problems.allSatisfy { $0.file == "menu.json" })
    }

    @Test func theFixtureIsValid() throws {
        let catalogue = try Menus.load(Menus.json())
        #expect(catalogue.items.map(\.id) == ["a", "b", "s"])
    }

    @Test(
        "problems read file: path: message",
        arguments: [
            (
                Menus.json(items: items(#""price": "10.00""#, with: #""price": "-1""#)),
                #"menu.json: items[0].price: must be a decimal amount like "12.50", not "-1""#
            ),
            (
                Menus.json(sales: Menus.sales.replacingOccurrences(of: #""itemId": "s""#, with: #""itemId": "a""#)),
                #"menu.json: sales[1].items[0].itemId: "a" is a regular item; bundles hold only special items"#
            ),
            (
                Menus.json(items: items(#""discountPrice": "6.00""#, with: #""discountPrice": "8.50""#)),
                "menu.json: items[1].discountPrice: must be below the price 8.00 of a discount item"
            ),
        ]
    )
    func message(json: String, expected: String) throws {
        let error = try #require(throws: OrderingError.self) { try Menus.load(json) }
        #expect(error.problems.first?.description == expected)
    }
}
