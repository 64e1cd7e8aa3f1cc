import OrdersAPI
import OrdersService
import ReckonTesting
import Storage
import Testing
import Wire

/// Stock-limited items and voucher usage limits.
@Suite struct StockAndVoucherUseTests {
    @Test(arguments: TestDatabase.engines)
    func orderingMoreThanIsLeftIsRefused(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let cart = try await orders.cart(items: [("steak-frites", 5)])
            let tooMany = try await orders.failure(
                CartAddOp.self,
                .init(cartId: cart.cartId, itemId: "steak-frites", quantity: 16)
            )
            #expect(tooMany.code == .failedPrecondition)
            #expect(tooMany.field == "itemId")
            #expect(tooMany.details?.map(\.code.rawValue) == ["insufficient_stock"])
            #expect(tooMany.details?.map(\.field) == ["lines[0].itemId"])

            let set = try await orders.call(
                StockSetOp.self,
                .init(itemId: "steak-frites", remaining: 3),
                token: OrdersHarness.staffKey
            )
            #expect(set == .init(itemId: "steak-frites", remaining: 3))
            let refused = try await orders.failure(
                OrderPlaceOp.self,
                .init(cartId: cart.cartId, form: Forms.valid),
                key: "short"
            )
            #expect(refused.code == .failedPrecondition)
            #expect(refused.details?.map(\.code.rawValue) == ["insufficient_stock"])
            #expect(try await orders.stock("steak-frites") == 3)
            #expect(try await orders.count("orders_orders") == 0)
            #expect(try await orders.call(CartGetOp.self, .init(cartId: cart.cartId)).items.map(\.quantity) == [5])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func stockSetIsForStaffAndShowsOnTheMenu(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let args = StockSetOp.Args(itemId: "steak-frites", remaining: 0)
            let anonymous = try await orders.failure(StockSetOp.self, args)
            #expect(anonymous.code == .unauthenticated)
            let wrong = try await orders.failure(StockSetOp.self, args, token: OrdersHarness.staffKey + "x")
            #expect(wrong.code == .permissionDenied)
            let short = try await orders.failure(
                StockSetOp.self,
                args,
                token: String(OrdersHarness.staffKey.dropLast())
            )
            #expect(short.code == .permissionDenied)
            #expect(try await orders.stock("steak-frites") == 20)

            var menu = try await orders.call(MenuOp.self, NoArgs())
            var steak = try #require(menu.groups.flatMap(\.items).first { $0.id == "steak-frites" })
            #expect(steak.available && steak.remaining == 20)
            #expect(menu.groups.flatMap(\.items).first { $0.id == "burger" }?.remaining == nil)
            #expect(menu.groups.flatMap(\.items).first { $0.id == "duck-confit" }?.available == false)

            _ = try await orders.call(StockSetOp.self, args, token: OrdersHarness.staffKey)
            menu = try await orders.call(MenuOp.self, NoArgs())
            steak = try #require(menu.groups.flatMap(\.items).first { $0.id == "steak-frites" })
            #expect(!steak.available && steak.remaining == 0)
            let soldOut = try await orders.failure(
                CartAddOp.self,
                .init(cartId: try await orders.cart().cartId, itemId: "steak-frites")
            )
            #expect(soldOut.code == .failedPrecondition)
            #expect(soldOut.details?.map(\.code.rawValue) == ["sold_out"])

            _ = try await orders.call(
                StockSetOp.self,
                .init(itemId: "ribeye-for-two", remaining: 0),
                token: OrdersHarness.staffKey
            )
            menu = try await orders.call(MenuOp.self, NoArgs())
            #expect(menu.sales.first { $0.id == "date-night" }?.available == false)
            #expect(menu.sales.first { $0.id == "maritime-lunch" }?.available == true)

            let unlimited = try await orders.call(
                StockSetOp.self,
                .init(itemId: "steak-frites", remaining: nil),
                token: OrdersHarness.staffKey
            )
            #expect(unlimited.remaining == nil)
            #expect(try await orders.stock("steak-frites") == nil)
            menu = try await orders.call(MenuOp.self, NoArgs())
            steak = try #require(menu.groups.flatMap(\.items).first { $0.id == "steak-frites" })
            #expect(steak.available && steak.remaining == nil)

            let unknown = try await orders.failure(
                StockSetOp.self,
                .init(itemId: "unicorn", remaining: 1),
                token: OrdersHarness.staffKey
            )
            #expect(unknown.code == .notFound)
            #expect(unknown.field == "itemId")
            let negative = try await orders.failure(
                StockSetOp.self,
                .init(itemId: "burger", remaining: -1),
                token: OrdersHarness.staffKey
            )
            #expect(negative.code == .invalidArgument)
            #expect(negative.field == "remaining")
        }
    }

    /// `stock.set` with `remaining: null` deletes the item's stock row, and `OrdersService.seedStock` (run by
    /// `prepare` at every worker start and after every SIGHUP menu reload) puts the menu's initial count back.
    @Test(arguments: TestDatabase.engines)
    func anItemMadeUnlimitedStaysUnlimitedAfterARestart(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            _ = try await orders.call(
                StockSetOp.self,
                .init(itemId: "steak-frites", remaining: nil),
                token: OrdersHarness.staffKey
            )
            #expect(try await orders.stock("steak-frites") == nil)
            _ = try await orders.call(
                StockSetOp.self,
                .init(itemId: "butter-tart", remaining: 7),
                token: OrdersHarness.staffKey
            )
            try await OrdersService.prepare(database: orders.database, menu: orders.menu)
            #expect(try await orders.stock("butter-tart") == 7, "a count staff set survives a restart")
            let steak = try await orders.stock("steak-frites")
            #expect(steak == nil, "an item staff made unlimited stays unlimited")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func staffOpsAreClosedWithoutAStaffKey(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine, configuration: .init(staffKey: nil)) { orders in
            let refused = try await orders.failure(
                StockSetOp.self,
                .init(itemId: "burger", remaining: 1),
                token: OrdersHarness.staffKey
            )
            #expect(refused.code == .permissionDenied)
            let list = try await orders.failure(
                OrderListOp.self,
                .init(phone: "+16135550199"),
                token: OrdersHarness.staffKey
            )
            #expect(list.code == .permissionDenied)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func cancellingGivesStockAndVoucherUsesBack(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine, menuJSON: TestMenu.json) { orders in
            let cart = try await orders.cart(items: [("pie", 2)], sales: [("feast", 1)])
            let placed = try await orders.place(cart.cartId, form: Forms.valid(vouchers: ["ONCE", "TWICE"]), key: "k")
            #expect(placed.total == "57.00")
            #expect(try await orders.stock("pie") == 1)
            #expect(try await orders.stock("lobster") == 2)
            #expect(try await orders.voucherUses("ONCE") == 1)
            #expect(try await orders.voucherUses("TWICE", customer: "+16135550199") == 1)

            let cancelled = try await orders.call(OrderCancelOp.self, .init(orderId: placed.orderId))
            #expect(cancelled.status == "cancelled")
            #expect(cancelled.history.map(\.status) == ["placed", "cancelled"])
            #expect(try await orders.stock("pie") == 3)
            #expect(try await orders.stock("lobster") == 4)
            #expect(try await orders.voucherUses("ONCE") == 0)
            #expect(try await orders.voucherUses("TWICE", customer: "+16135550199") == 0)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aUsageLimitIsCountedOnceUnderRetries(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine, menuJSON: TestMenu.json) { orders in
            let first = try await orders.cart(items: [("soup", 1)])
            var orderIDs: Set<String> = []
            for _ in 0..<4 {
                orderIDs.insert(
                    try await orders.place(first.cartId, form: Forms.valid(vouchers: ["ONCE"]), key: "o").orderId
                )
            }
            #expect(orderIDs.count == 1)
            #expect(try await orders.voucherUses("ONCE") == 1)

            let second = try await orders.cart(items: [("soup", 1)])
            let quote = try await orders.call(QuoteOp.self, .init(cartId: second.cartId, vouchers: ["ONCE"]))
            #expect(quote.vouchers.map { $0.refusal?.code } == ["usage_limit_reached"])
            #expect(quote.total == "10.00")
            let other = Forms.valid(vouchers: ["ONCE"], phone: "(416) 555-0199")
            let refused = try await orders.failure(
                OrderPlaceOp.self,
                .init(cartId: second.cartId, form: other),
                key: "o2"
            )
            #expect(refused.code == .failedPrecondition)
            #expect(refused.field == "form.vouchers[0]")
            #expect(refused.details?.map(\.field) == ["form.vouchers[0]"])
            #expect(refused.details?.map(\.code.rawValue) == ["usage_limit_reached"])
            #expect(try await orders.count("orders_orders") == 1)
            #expect(try await orders.voucherUses("ONCE") == 1)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aPerCustomerLimitCountsTheNormalizedPhone(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine, menuJSON: TestMenu.json) { orders in
            for (index, phone) in ["(613) 555-0199", "+1 613 555 0199"].enumerated() {
                let cart = try await orders.cart(items: [("soup", 1)])
                let form = Forms.valid(vouchers: ["twice"], phone: phone)
                let placed = try await orders.place(cart.cartId, form: form, key: "twice-\(index)")
                #expect(placed.order.vouchers.map(\.applied) == [true])
                #expect(placed.total == "8.00")
                _ = try await orders.place(cart.cartId, form: form, key: "twice-\(index)")
            }
            #expect(try await orders.voucherUses("TWICE", customer: "+16135550199") == 2)
            #expect(try await orders.voucherUses("TWICE") == 2)

            let third = try await orders.cart(items: [("soup", 1)])
            let quote = try await orders.call(
                QuoteOp.self,
                .init(cartId: third.cartId, vouchers: ["TWICE"], phone: "613.555.0199")
            )
            #expect(quote.vouchers.map { $0.refusal?.code } == ["usage_limit_reached"])
            let anonymous = try await orders.call(QuoteOp.self, .init(cartId: third.cartId, vouchers: ["TWICE"]))
            #expect(anonymous.vouchers.map(\.applied) == [true], "without a customer only the total limit counts")

            let refused = try await orders.failure(
                OrderPlaceOp.self,
                .init(cartId: third.cartId, form: Forms.valid(vouchers: ["TWICE"], phone: "613.555.0199")),
                key: "twice-3"
            )
            #expect(refused.code == .failedPrecondition)
            #expect(refused.details?.map(\.field) == ["form.vouchers[0]"])
            #expect(refused.details?.map(\.code.rawValue) == ["usage_limit_reached"])

            let someoneElse = try await orders.place(
                third.cartId,
                form: Forms.valid(vouchers: ["TWICE"], phone: "(416) 555-0199"),
                key: "twice-other"
            )
            #expect(someoneElse.total == "8.00")
            #expect(try await orders.voucherUses("TWICE", customer: "+14165550199") == 1)
        }
    }
}
