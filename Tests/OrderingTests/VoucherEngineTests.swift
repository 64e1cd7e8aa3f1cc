import Foundation
import Ordering
import Testing

/// A checkout with voucher codes and what each code and the total must come to.
struct VoucherCase: Sendable, CustomTestStringConvertible {
    let name: String
    var lines: [CartLine] = Menus.cartA
    let codes: [String]
    var now: Date = Menus.june
    var usage: [String: VoucherUsage] = [:]
    let expected: [Expect]
    let total: Int64

    var testDescription: String { name }
}

@Suite struct VoucherEngineTests {
    static let windowStart = Menus.date("2026-06-01T00:00:00Z")
    static let windowEnd = Menus.date("2026-07-01T00:00:00Z")

    static let stacking: [VoucherCase] = [
        .init(
            name: "item voucher first, then order percent on the reduced base",
            codes: ["TENOFF", "BURGER2"],
            expected: [.applied(500), .applied(200)],
            total: 4500
        ),
        .init(
            name: "item, then group on the reduced line, then order",
            codes: ["TENOFF", "BURGER2", "MAINS20"],
            expected: [.applied(424), .applied(200), .applied(760)],
            total: 3816
        ),
        .init(
            name: "scoped vouchers keep request order among themselves",
            codes: ["MAINS20", "BURGER2"],
            expected: [.applied(800), .applied(200)],
            total: 4200
        ),
        .init(
            name: "percent rounds half up",
            lines: [.item(id: "cola", quantity: 1)],
            codes: ["ODD"],
            expected: [.applied(38)],
            total: 262
        ),
        .init(
            name: "percent rounds half up on a larger base",
            lines: [.item(id: "cola", quantity: 3)],
            codes: ["ODD"],
            expected: [.applied(113)],
            total: 787
        ),
        .init(name: "percent capped by maxDiscount", codes: ["CAP"], expected: [.applied(300)], total: 4900),
        .init(name: "fixed amount above the cart floors at zero", codes: ["BIG"], expected: [.applied(5200)], total: 0),
        .init(
            name: "zero floor after another voucher",
            codes: ["BIG", "BURGER2"],
            expected: [.applied(5000), .applied(200)],
            total: 0
        ),
        .init(
            name: "order voucher covers bundle lines",
            lines: [.bundle(saleID: "feast", quantity: 1)],
            codes: ["TENOFF"],
            expected: [.applied(400)],
            total: 3600
        ),
        .init(
            name: "not stackable after a stackable one",
            codes: ["TENOFF", "SOLO"],
            expected: [.applied(520), .refused(.notStackable)],
            total: 4680
        ),
        .init(
            name: "nothing joins an applied non-stackable one",
            codes: ["SOLO", "TENOFF", "BURGER2"],
            expected: [.applied(2600), .refused(.notStackable), .refused(.notStackable)],
            total: 2600
        ),
        .init(
            name: "a refused voucher blocks nothing",
            lines: [.item(id: "burger", quantity: 1)],
            codes: ["MINSPEND", "SOLO"],
            expected: [.refused(.minSpend), .applied(500)],
            total: 500
        ),
        .init(
            name: "a code given twice counts once",
            codes: ["BURGER2", " burger2"],
            expected: [.applied(200), .refused(.notStackable)],
            total: 5000
        ),
        .init(
            name: "an unknown code given twice is not found twice",
            codes: ["NOPE", "nope"],
            expected: [.refused(.notFound), .refused(.notFound)],
            total: 5200
        ),
        .init(name: "codes ignore case and spaces", codes: ["  tenOff "], expected: [.applied(520)], total: 4680),
        .init(name: "no codes", codes: [], expected: [], total: 5200),
    ]

    static let refusals: [VoucherCase] = [
        .init(name: "unknown code", codes: ["NOPE"], expected: [.refused(.notFound)], total: 5200),
        .init(name: "empty code", codes: ["  "], expected: [.refused(.notFound)], total: 5200),
        .init(
            name: "min spend not reached",
            lines: [.item(id: "burger", quantity: 1)],
            codes: ["MINSPEND"],
            expected: [.refused(.minSpend)],
            total: 1000
        ),
        .init(
            name: "min spend reached exactly",
            lines: [.item(id: "burger", quantity: 1), .item(id: "salmon", quantity: 1)],
            codes: ["MINSPEND"],
            expected: [.applied(500)],
            total: 2500
        ),
        .init(
            name: "min spend counts the price after item discounts",
            lines: [.item(id: "wings", quantity: 3)],
            codes: ["MINSPEND"],
            expected: [.refused(.minSpend)],
            total: 2700
        ),
        .init(name: "min quantity reached", codes: ["MINQ"], expected: [.applied(100)], total: 5100),
        .init(
            name: "min quantity not reached",
            lines: [.item(id: "burger", quantity: 2)],
            codes: ["MINQ"],
            expected: [.refused(.notApplicable)],
            total: 2000
        ),
        .init(
            name: "no line in an item scope",
            lines: [.item(id: "cola", quantity: 1)],
            codes: ["BURGER2"],
            expected: [.refused(.notApplicable)],
            total: 300
        ),
        .init(
            name: "bundles are outside group scopes",
            lines: [.bundle(saleID: "feast", quantity: 1)],
            codes: ["MAINS20"],
            expected: [.refused(.notApplicable)],
            total: 4000
        ),
        .init(name: "empty cart", lines: [], codes: ["TENOFF"], expected: [.refused(.notApplicable)], total: 0),
        .init(
            name: "window opens at startsAt",
            codes: ["WINDOW"],
            now: windowStart,
            expected: [.applied(520)],
            total: 4680
        ),
        .init(
            name: "a second before startsAt",
            codes: ["WINDOW"],
            now: windowStart.addingTimeInterval(-1),
            expected: [.refused(.notStarted)],
            total: 5200
        ),
        .init(
            name: "a second before endsAt",
            codes: ["WINDOW"],
            now: windowEnd.addingTimeInterval(-1),
            expected: [.applied(520)],
            total: 4680
        ),
        .init(
            name: "expired at endsAt",
            codes: ["WINDOW"],
            now: windowEnd,
            expected: [.refused(.expired)],
            total: 5200
        ),
        .init(
            name: "total usage limit reached",
            codes: ["LIMITED"],
            usage: ["LIMITED": VoucherUsage(total: 5, byThisCustomer: nil)],
            expected: [.refused(.usageLimitReached)],
            total: 5200
        ),
        .init(
            name: "per-customer limit reached",
            codes: ["LIMITED"],
            usage: ["LIMITED": VoucherUsage(total: 4, byThisCustomer: 1)],
            expected: [.refused(.usageLimitReached)],
            total: 5200
        ),
        .init(
            name: "per-customer limit unchecked for an unknown customer",
            codes: ["LIMITED"],
            usage: ["LIMITED": VoucherUsage(total: 4, byThisCustomer: nil)],
            expected: [.applied(520)],
            total: 4680
        ),
        .init(
            name: "one use left",
            codes: ["LIMITED"],
            usage: ["LIMITED": VoucherUsage(total: 4, byThisCustomer: 0)],
            expected: [.applied(520)],
            total: 4680
        ),
    ]

    /// A private voucher answers `not_found` until it is live, then tells cart-dependent reasons.
    static let antiEnumeration: [VoucherCase] = [
        .init(
            name: "private, not started",
            codes: ["SECRET"],
            now: windowStart.addingTimeInterval(-1),
            expected: [.refused(.notFound)],
            total: 5200
        ),
        .init(
            name: "private, expired",
            codes: ["secret"],
            now: windowEnd,
            expected: [.refused(.notFound)],
            total: 5200
        ),
        .init(
            name: "private, used up",
            codes: ["SECRET"],
            usage: ["SECRET": VoucherUsage(total: 5, byThisCustomer: 0)],
            expected: [.refused(.notFound)],
            total: 5200
        ),
        .init(
            name: "private, used up by this customer",
            codes: ["SECRET"],
            usage: ["SECRET": VoucherUsage(total: 1, byThisCustomer: 1)],
            expected: [.refused(.notFound)],
            total: 5200
        ),
        .init(
            name: "private and live: min spend is told",
            lines: [.item(id: "burger", quantity: 1)],
            codes: ["SECRET"],
            expected: [.refused(.minSpend)],
            total: 1000
        ),
        .init(
            name: "private and live: not stackable is told",
            codes: ["SOLO", "SECRET"],
            expected: [.applied(2600), .refused(.notStackable)],
            total: 2600
        ),
        .init(name: "private and live: applied", codes: ["SECRET"], expected: [.applied(520)], total: 4680),
    ]

    @Test("stacking, order of application and amounts", arguments: stacking)
    func stacks(_ example: VoucherCase) throws {
        try check(example)
    }

    @Test("refusal reasons", arguments: refusals)
    func refuses(_ example: VoucherCase) throws {
        try check(example)
    }

    @Test("private codes cannot be enumerated", arguments: antiEnumeration)
    func hidesPrivateState(_ example: VoucherCase) throws {
        try check(example)
        let quote = try Menus.quote(example.lines, example.codes, now: example.now, usage: example.usage)
        for outcome in quote.vouchers where outcome.refusal?.code == .notFound {
            #expect(outcome.refusal?.message == "no voucher has the code \"SECRET\"")
            #expect(outcome.refusal == (try Menus.quote([], ["SECRET "], now: Self.windowEnd)).vouchers.first?.refusal)
        }
    }

    private func check(_ example: VoucherCase) throws {
        let quote = try Menus.quote(example.lines, example.codes, now: example.now, usage: example.usage)
        #expect(quote.vouchers.map(Expect.init) == example.expected)
        #expect(quote.total == example.total)
        #expect(quote.voucherDiscount == quote.cart.total - quote.total)
        #expect(quote.vouchers.map(\.code) == example.codes.map(Voucher.normalize))
    }

    @Test func allocationsFollowTheReducedLines() throws {
        let quote = try Menus.quote(Menus.cartA, ["TENOFF", "BURGER2", "MAINS20"])
        let allocations = quote.vouchers.map { $0.allocations.map { "\($0.lineID):\($0.amount)" } }
        #expect(
            allocations == [
                ["burger:144", "salmon:160", "wings:90", "cola:30"],
                ["burger:200"],
                ["burger:360", "salmon:400"],
            ]
        )
    }

    @Test func minSpendReportsTheShortfall() throws {
        let quote = try Menus.quote([.item(id: "burger", quantity: 1)], ["MINSPEND"])
        let refusal = try #require(quote.vouchers.first?.refusal)
        #expect(refusal.shortfall == 2000)
        #expect(refusal.message == "spend 20.00 more to use MINSPEND (minimum 30.00)")
    }

    @Test(
        "not applicable says why",
        arguments: [
            ([CartLine.item(id: "cola", quantity: 1)], "no line in the cart is covered by MINQ"),
            ([CartLine.item(id: "burger", quantity: 2)], "MINQ needs at least 3 covered units, the cart has 2"),
        ]
    )
    func notApplicableMessage(lines: [CartLine], message: String) throws {
        let quote = try Menus.quote(lines, ["MINQ"])
        #expect(quote.vouchers.first?.refusal?.message == message)
    }

    @Test func publicVouchersTellEveryReason() throws {
        let early = try Menus.quote(Menus.cartA, ["WINDOW"], now: Self.windowStart.addingTimeInterval(-1))
        #expect(early.vouchers.first?.refusal?.message == "WINDOW can be used from 2026-06-01T00:00:00Z")
    }

    @Test func usageIsAskedByNormalizedCode() throws {
        let cart = try Menus.shop.price(Menus.cartA)
        var asked: [String] = []
        _ = VoucherEngine(catalogue: Menus.shop).apply(codes: [" limited", "NOPE"], to: cart, now: Menus.june) {
            asked.append($0)
            return .none
        }
        #expect(asked == ["LIMITED"])
    }
}
