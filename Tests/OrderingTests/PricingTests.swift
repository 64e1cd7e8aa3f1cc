import Ordering
import Testing

/// A cart and what pricing must make of it.
struct PricingCase: Sendable, CustomTestStringConvertible {
    let name: String
    let lines: [CartLine]
    /// `id × quantity` per item line, then per bundle line.
    let items: [String]
    let specialItems: [String]
    let totalCount: Int
    let subtotal: Int64
    let discount: Int64
    let total: Int64

    var testDescription: String { name }
}

/// A cart pricing must refuse, with the fields and codes of its problems.
struct BadCart: Sendable, CustomTestStringConvertible {
    let name: String
    let lines: [CartLine]
    let problems: [(field: String, code: OrderingError.Code)]
    var stockLeft: [String: Int]?

    var testDescription: String { name }
}

@Suite struct PricingTests {
    static let cases: [PricingCase] = [
        .init(name: "empty", lines: [], items: [], specialItems: [], totalCount: 0, subtotal: 0, discount: 0, total: 0),
        .init(
            name: "regular items",
            lines: [.item(id: "burger", quantity: 2), .item(id: "cola", quantity: 1)],
            items: ["burger×2", "cola×1"],
            specialItems: [],
            totalCount: 3,
            subtotal: 2300,
            discount: 0,
            total: 2300
        ),
        .init(
            name: "discount item",
            lines: [.item(id: "wings", quantity: 3)],
            items: ["wings×3"],
            specialItems: [],
            totalCount: 3,
            subtotal: 3600,
            discount: 900,
            total: 2700
        ),
        .init(
            name: "bundle counts its items' units",
            lines: [.bundle(saleID: "feast", quantity: 2)],
            items: [],
            specialItems: ["feast×2"],
            totalCount: 6,
            subtotal: 10_000,
            discount: 2000,
            total: 8000
        ),
        .init(
            name: "mixed, with repeated lines merged at the first",
            lines: [
                .item(id: "burger", quantity: 1), .bundle(saleID: "feast", quantity: 1),
                .item(id: "wings", quantity: 1),
                .item(id: "burger", quantity: 2),
            ],
            items: ["burger×3", "wings×1"],
            specialItems: ["feast×1"],
            totalCount: 7,
            subtotal: 3000 + 1200 + 5000,
            discount: 300 + 1000,
            total: 3000 + 900 + 4000
        ),
        .init(
            name: "all the stock there is",
            lines: [.item(id: "pie", quantity: 2), .bundle(saleID: "feast", quantity: 3)],
            items: ["pie×2"],
            specialItems: ["feast×3"],
            totalCount: 11,
            subtotal: 1400 + 15_000,
            discount: 3000,
            total: 1400 + 12_000
        ),
    ]

    @Test("prices carts", arguments: cases)
    func prices(_ example: PricingCase) throws {
        let cart = try Menus.shop.price(example.lines)
        #expect(cart.items.map { "\($0.id)×\($0.quantity)" } == example.items)
        #expect(cart.specialItems.map { "\($0.id)×\($0.quantity)" } == example.specialItems)
        #expect(cart.totalCount == example.totalCount)
        #expect(cart.subtotal == example.subtotal)
        #expect(cart.discount == example.discount)
        #expect(cart.total == example.total)
        #expect(cart.total == cart.subtotal - cart.discount)
    }

    @Test func linesCarryTheirAmounts() throws {
        let cart = try Menus.shop.price([.item(id: "wings", quantity: 2), .bundle(saleID: "feast", quantity: 1)])
        let wings = try #require(cart.items.first)
        #expect(wings.name == "Wings" && wings.kind == .discount)
        #expect(
            [wings.listPrice, wings.unitPrice, wings.subtotal, wings.discount, wings.total] == [
                1200, 900, 2400, 600, 1800,
            ]
        )
        let feast = try #require(cart.specialItems.first)
        #expect(feast.name == "Feast" && feast.kind == .bundle && feast.unitsPerQuantity == 3)
        #expect(
            [feast.listPrice, feast.unitPrice, feast.subtotal, feast.discount, feast.total] == [
                5000, 4000, 5000, 1000, 4000,
            ]
        )
    }

    static let badCarts: [BadCart] = [
        .init(
            name: "unknown item",
            lines: [.item(id: "pizza", quantity: 1)],
            problems: [("lines[0].itemId", .unknownItem)]
        ),
        .init(
            name: "unknown sale",
            lines: [.bundle(saleID: "brunch", quantity: 1)],
            problems: [("lines[0].saleId", .unknownSale)]
        ),
        .init(
            name: "announcement added as a bundle",
            lines: [.bundle(saleID: "tuesday", quantity: 1)],
            problems: [("lines[0].saleId", .notABundle)]
        ),
        .init(
            name: "special item alone",
            lines: [.item(id: "burger", quantity: 1), .item(id: "lobster", quantity: 1)],
            problems: [("lines[1].itemId", .specialItemAlone)]
        ),
        .init(
            name: "sold-out item",
            lines: [.item(id: "gone", quantity: 1)],
            problems: [("lines[0].itemId", .soldOut)]
        ),
        .init(
            name: "more than the stock, over two lines",
            lines: [.item(id: "pie", quantity: 2), .item(id: "pie", quantity: 1)],
            problems: [("lines[0].itemId", .insufficientStock)]
        ),
        .init(
            name: "bundle needing more than its special item's stock",
            lines: [.bundle(saleID: "feast", quantity: 4)],
            problems: [("lines[0].saleId", .insufficientStock)]
        ),
        .init(
            name: "stock run out since the menu was loaded",
            lines: [.item(id: "burger", quantity: 1), .bundle(saleID: "feast", quantity: 1)],
            problems: [("lines[0].itemId", .soldOut), ("lines[1].saleId", .soldOut)],
            stockLeft: ["burger": 0, "lobster": 0]
        ),
        .init(
            name: "quantities out of range",
            lines: [
                .item(id: "burger", quantity: 0), .bundle(saleID: "feast", quantity: -1),
                .item(id: "cola", quantity: 10_000),
            ],
            problems: [
                ("lines[0].quantity", .invalidQuantity), ("lines[1].quantity", .invalidQuantity),
                ("lines[2].quantity", .invalidQuantity),
            ]
        ),
        .init(
            name: "merged lines above the limit",
            lines: [.item(id: "cola", quantity: 9_999), .item(id: "cola", quantity: 1)],
            problems: [("lines[1].quantity", .invalidQuantity)]
        ),
        .init(
            name: "every bad line at once",
            lines: [
                .item(id: "burger", quantity: 1), .item(id: "pizza", quantity: 1), .item(id: "wine", quantity: 2),
                .bundle(saleID: "tuesday", quantity: 1), .item(id: "gone", quantity: 1),
            ],
            problems: [
                ("lines[1].itemId", .unknownItem), ("lines[2].itemId", .specialItemAlone),
                ("lines[3].saleId", .notABundle), ("lines[4].itemId", .soldOut),
            ]
        ),
    ]

    @Test("refuses bad carts with every bad line", arguments: badCarts)
    func refuses(_ cart: BadCart) throws {
        let stock = cart.stockLeft.map { left in { (id: String) in left[id] ?? Menus.shop.item(id: id)?.stock } }
        let error = try #require(throws: OrderingError.self) { try Menus.shop.price(cart.lines, stockLeft: stock) }
        #expect(error.code == .invalidCart)
        #expect(error.problems.map(\.field) == cart.problems.map(\.field))
        #expect(error.problems.map(\.code) == cart.problems.map(\.code))
        #expect(error.problems.allSatisfy { $0.file == nil })
    }

    @Test func stockOverrideCanAllowMoreThanTheInitialStock() throws {
        let cart = try Menus.shop.price([.item(id: "pie", quantity: 5)], stockLeft: { _ in 10 })
        #expect(cart.total == 3500)
    }
}
