import Foundation
import OrdersAPI
import ReckonTesting
import Storage
import Testing
import Wire

/// Cart ops through the dispatcher, on both engines, against the bundled menu.
@Suite struct CartTests {
    @Test func onlyTheAddingOpsListQuantity() {
        for schema in [CartAddOp.argsSchema, CartAddSaleOp.argsSchema] {
            #expect(schema["properties"]?["quantity"] != nil)
        }
        for schema in [CartIncrementOp.argsSchema, CartDecrementOp.argsSchema, CartRemoveOp.argsSchema] {
            #expect(schema["properties"]?["quantity"] == nil)
            #expect(schema["properties"]?["saleId"] != nil)
        }
    }

    private static func poutine(_ quantity: Int) -> LineView {
        let total = "\(13 * quantity).00"
        return LineView(
            id: "poutine",
            name: "Classic poutine",
            kind: "regular",
            quantity: quantity,
            listPrice: "13.00",
            unitPrice: "13.00",
            subtotal: total,
            discount: "0.00",
            total: total
        )
    }

    private static func calamari(_ quantity: Int) -> LineView {
        LineView(
            id: "calamari",
            name: "Crispy calamari",
            kind: "discount",
            quantity: quantity,
            listPrice: "14.00",
            unitPrice: "11.50",
            subtotal: quantity == 1 ? "14.00" : "28.00",
            discount: quantity == 1 ? "2.50" : "5.00",
            total: quantity == 1 ? "11.50" : "23.00"
        )
    }

    private static let dateNight = LineView(
        id: "date-night",
        name: "Date night for two",
        kind: "bundle",
        quantity: 1,
        listPrice: "116.00",
        unitPrice: "99.00",
        subtotal: "116.00",
        discount: "17.00",
        total: "99.00"
    )

    @Test(arguments: TestDatabase.engines)
    func aCartGoesThroughItsLifecycleWithExactTotals(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let before = Date()
            let empty = try await orders.call(CartCreateOp.self, NoArgs())
            #expect(empty.cartId.hasPrefix("cart_"))
            #expect(empty.currency == "CAD")
            #expect(empty.items.isEmpty && empty.specialItems.isEmpty)
            #expect(empty.totalCount == 0)
            #expect([empty.subtotal, empty.discount, empty.total] == ["0.00", "0.00", "0.00"])
            let expiresAt = try #require(try? Date(empty.expiresAt, strategy: .iso8601))
            #expect(abs(expiresAt.timeIntervalSince(before) - 3 * 3600) < 60)

            let id = empty.cartId
            var cart = try await orders.call(CartAddOp.self, .init(cartId: id, itemId: "poutine", quantity: 2))
            #expect(cart.items == [Self.poutine(2)])
            cart = try await orders.call(CartAddOp.self, .init(cartId: id, itemId: "calamari"))
            #expect(cart.items == [Self.poutine(2), Self.calamari(1)])
            cart = try await orders.call(CartAddOp.self, .init(cartId: id, itemId: "poutine", quantity: 1))
            #expect(cart.items == [Self.poutine(3), Self.calamari(1)], "a second add merges into the first line")
            cart = try await orders.call(CartIncrementOp.self, .init(cartId: id, itemId: "calamari"))
            #expect(cart.items == [Self.poutine(3), Self.calamari(2)])

            cart = try await orders.call(CartAddSaleOp.self, .init(cartId: id, saleId: "date-night"))
            #expect(cart.items == [Self.poutine(3), Self.calamari(2)], "a bundle never joins the item lines")
            #expect(cart.specialItems == [Self.dateNight])
            #expect(cart.totalCount == 3 + 2 + 4)
            #expect(cart.subtotal == "183.00")
            #expect(cart.discount == "22.00")
            #expect(cart.total == "161.00")

            let fetched = try await orders.call(CartGetOp.self, .init(cartId: id))
            #expect(fetched == cart)

            cart = try await orders.call(CartDecrementOp.self, .init(cartId: id, itemId: "calamari"))
            #expect(cart.items == [Self.poutine(3), Self.calamari(1)])
            cart = try await orders.call(CartDecrementOp.self, .init(cartId: id, itemId: "calamari"))
            #expect(cart.items == [Self.poutine(3)], "a line decremented to zero is removed")
            cart = try await orders.call(CartRemoveOp.self, .init(cartId: id, itemId: "poutine"))
            #expect(cart.items.isEmpty)
            #expect(cart.specialItems == [Self.dateNight])
            #expect(cart.totalCount == 4)
            #expect(cart.total == "99.00")
            cart = try await orders.call(CartDecrementOp.self, .init(cartId: id, saleId: "date-night"))
            #expect(cart.specialItems.isEmpty)
            #expect(cart.totalCount == 0 && cart.total == "0.00")
            #expect(try await orders.count("orders_cart_lines") == 0)

            let gone = try await orders.failure(CartDecrementOp.self, .init(cartId: id, saleId: "date-night"))
            #expect(gone.code == .notFound)
            #expect(gone.field == "saleId")
            let noLine = try await orders.failure(CartRemoveOp.self, .init(cartId: id, itemId: "poutine"))
            #expect(noLine.code == .notFound)
            #expect(noLine.field == "itemId")
            let noIncrement = try await orders.failure(CartIncrementOp.self, .init(cartId: id, itemId: "burger"))
            #expect(noIncrement.code == .notFound)
            #expect(noIncrement.field == "itemId")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func badItemsAreRefusedWithTheirCodeAndField(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let cart = try await orders.cart(items: [("burger", 1)])
            let id = cart.cartId

            let unknown = try await orders.failure(CartAddOp.self, .init(cartId: id, itemId: "no-such-dish"))
            #expect(unknown.code == .invalidArgument)
            #expect(unknown.field == "itemId")
            #expect(unknown.details?.map(\.field) == ["lines[1].itemId"])
            #expect(unknown.details?.map(\.code.rawValue) == ["unknown_item"])

            let alone = try await orders.failure(CartAddOp.self, .init(cartId: id, itemId: "ribeye-for-two"))
            #expect(alone.code == .invalidArgument)
            #expect(alone.field == "itemId")
            #expect(alone.details?.map(\.code.rawValue) == ["special_item_alone"])
            #expect(alone.details?.map(\.field) == ["lines[1].itemId"])

            let unknownSale = try await orders.failure(CartAddSaleOp.self, .init(cartId: id, saleId: "free-lunch"))
            #expect(unknownSale.code == .invalidArgument)
            #expect(unknownSale.field == "saleId")
            #expect(unknownSale.details?.map(\.code.rawValue) == ["unknown_sale"])

            let announcement = try await orders.failure(CartAddSaleOp.self, .init(cartId: id, saleId: "happy-hour"))
            #expect(announcement.code == .invalidArgument)
            #expect(announcement.details?.map(\.code.rawValue) == ["not_a_bundle"])

            let soldOut = try await orders.failure(CartAddOp.self, .init(cartId: id, itemId: "duck-confit"))
            #expect(soldOut.code == .failedPrecondition)
            #expect(soldOut.field == "itemId")
            #expect(soldOut.details?.map(\.code.rawValue) == ["sold_out"])

            let noItem = try await orders.failure(CartAddOp.name, ["cartId": .string(id), "saleId": "date-night"])
            #expect(noItem.code == .invalidArgument)
            #expect(noItem.field == "itemId")
            let noSale = try await orders.failure(CartAddSaleOp.name, ["cartId": .string(id), "itemId": "burger"])
            #expect(noSale.code == .invalidArgument)
            #expect(noSale.field == "saleId")

            let after = try await orders.call(CartGetOp.self, .init(cartId: id))
            #expect(after.items.map(\.id) == ["burger"], "every refused change was rolled back")
            #expect(after.items.map(\.quantity) == [1])
            #expect(after.specialItems.isEmpty)
            #expect(try await orders.count("orders_cart_lines") == 1)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func quantitiesStayWithinOneTo9999(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let id = try await orders.cart().cartId
            for quantity in [0, -1, 10_000] {
                let refused = try await orders.failure(
                    CartAddOp.self,
                    .init(cartId: id, itemId: "coffee", quantity: quantity)
                )
                #expect(refused.code == .invalidArgument, "quantity \(quantity)")
                #expect(refused.field == "quantity", "quantity \(quantity)")
            }
            let zeroSale = try await orders.failure(
                CartAddSaleOp.self,
                .init(cartId: id, saleId: "date-night", quantity: 0)
            )
            #expect(zeroSale.code == .invalidArgument)
            #expect(zeroSale.field == "quantity")

            let full = try await orders.call(CartAddOp.self, .init(cartId: id, itemId: "coffee", quantity: 9_999))
            #expect(full.items.map(\.quantity) == [9_999])
            #expect(full.total == "34996.50")

            let merged = try await orders.failure(CartAddOp.self, .init(cartId: id, itemId: "coffee"))
            #expect(merged.code == .invalidArgument)
            #expect(merged.field == "quantity")
            #expect(merged.details?.map(\.field) == ["lines[0].quantity"])
            #expect(merged.details?.map(\.code.rawValue) == ["invalid_quantity"])

            let incremented = try await orders.failure(CartIncrementOp.self, .init(cartId: id, itemId: "coffee"))
            #expect(incremented.code == .invalidArgument)
            #expect(incremented.field == "quantity")

            let after = try await orders.call(CartGetOp.self, .init(cartId: id))
            #expect(after.items.map(\.quantity) == [9_999])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anUnknownCartIsNotFound(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let missing = "cart_00000000-0000-0000-0000-000000000000"
            let line = CartLineArgs(cartId: missing, itemId: "poutine")
            var refusals: [(String, WireError)] = []
            refusals.append(("cart.get", try await orders.failure(CartGetOp.self, .init(cartId: missing))))
            let add = CartItemArgs(cartId: missing, itemId: "poutine")
            refusals.append(("cart.add", try await orders.failure(CartAddOp.self, add)))
            refusals.append(("cart.increment", try await orders.failure(CartIncrementOp.self, line)))
            refusals.append(("cart.decrement", try await orders.failure(CartDecrementOp.self, line)))
            refusals.append(("cart.remove", try await orders.failure(CartRemoveOp.self, line)))
            refusals.append(
                (
                    "cart.addSale",
                    try await orders.failure(CartAddSaleOp.self, .init(cartId: missing, saleId: "date-night"))
                )
            )
            refusals.append(("quote", try await orders.failure(QuoteOp.self, .init(cartId: missing))))
            refusals.append(
                (
                    "checkout.validate",
                    try await orders.failure(
                        CheckoutValidateOp.self,
                        .init(form: Forms.valid(vouchers: ["WELCOME10"]), cartId: missing)
                    )
                )
            )
            refusals.append(
                (
                    "order.place",
                    try await orders.failure(
                        OrderPlaceOp.self,
                        .init(cartId: missing, form: Forms.valid),
                        key: "missing-cart"
                    )
                )
            )
            for (op, error) in refusals {
                #expect(error.code == .notFound, "\(op)")
                #expect(error.field == "cartId", "\(op)")
            }
            #expect(try await orders.count("orders_carts") == 0)
            #expect(try await orders.count("orders_orders") == 0)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aLineIsNamedByExactlyOneOfItemAndSale(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let id = try await orders.cart(items: [("burger", 1)], sales: [("date-night", 1)]).cartId
            let both = CartLineArgs(cartId: id, itemId: "burger", saleId: "date-night")
            let neither = CartLineArgs(cartId: id)
            for args in [both, neither] {
                for error in [
                    try await orders.failure(CartIncrementOp.self, args),
                    try await orders.failure(CartDecrementOp.self, args),
                    try await orders.failure(CartRemoveOp.self, args),
                ] {
                    #expect(error.code == .invalidArgument)
                    #expect(error.field == "itemId")
                }
            }
            let after = try await orders.call(CartGetOp.self, .init(cartId: id))
            #expect(after.items.map(\.quantity) == [1])
            #expect(after.specialItems.map(\.quantity) == [1])
        }
    }

    /// 200 increments race on one line, each with an idempotency key, and each is sent again with its key until it
    /// is answered ok, as a client does with a refusal it may retry: `unavailable` (no PostgreSQL connection in time,
    /// before the transaction starts) or `deadline_exceeded` (on a busy machine the 200 SQLite writers, queued one
    /// behind the other, can outlast the deadline). Only the key makes `deadline_exceeded` safe to retry: a write
    /// already running at the deadline is not stopped by it and commits, and is still answered `deadline_exceeded`.
    /// The key's record commits with the increment, so a retry of one that landed gets its result back: every
    /// increment lands exactly once, so a lost or doubled one shows in the count.
    @Test(arguments: TestDatabase.engines)
    func concurrentIncrementsOfOneLineAreNeverLost(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let id = try await orders.cart(items: [("poutine", 1)]).cartId
            let failures = try await withThrowingTaskGroup(of: String?.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        let args: JSONValue = ["cartId": .string(id), "itemId": "poutine"]
                        for attempt in 0..<100 {
                            let reply = try await orders.send(
                                "cart.increment",
                                args,
                                key: "increment-\(index)",
                                id: "inc-\(index)-\(attempt)"
                            )
                            if reply["ok"] == .bool(true) { return nil }
                            switch reply["error"]?["code"] {
                            case "unavailable": try await Task.sleep(for: .milliseconds(20 + index % 30))
                            case "deadline_exceeded": continue
                            default: return reply.jsonText
                            }
                        }
                        return "increment \(index) was refused 100 times"
                    }
                }
                var failures: [String] = []
                for try await failure in group { failure.map { failures.append($0) } }
                return failures
            }
            #expect(failures.isEmpty, "\(failures.count) increments failed, first: \(failures.first ?? "")")
            let cart = try await orders.call(CartGetOp.self, .init(cartId: id))
            #expect(cart.items == [Self.poutine(201)])
            #expect(cart.total == "2613.00")
        }
    }
}
