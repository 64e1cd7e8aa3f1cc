import OrdersAPI
import ReckonTesting
import Storage
import Testing
import Wire

/// `order.place`: idempotency, exactly-once effects, refusals that write nothing.
@Suite struct OrderPlacementTests {
    @Test(arguments: TestDatabase.engines)
    func placingNeedsAnIdempotencyKey(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let cart = try await orders.cart(items: [("steak-frites", 2)])
            let args = try jsonValue(OrderPlaceOp.Args(cartId: cart.cartId, form: Forms.valid))
            let missing = try await orders.failure("order.place", args)
            #expect(missing.code == .invalidArgument)
            #expect(missing.field == "idempotencyKey")
            #expect(try await orders.count("orders_orders") == 0)
            #expect(try await orders.stock("steak-frites") == 20)

            let tooLong = try await orders.failure("order.place", args, key: String(repeating: "k", count: 129))
            #expect(tooLong.code == .invalidArgument)
            #expect(tooLong.field == "idempotencyKey")

            var inArgs = try #require(args.objectValue)
            inArgs["idempotencyKey"] = "key-in-args"
            let placed = try await orders.call("order.place", .object(inArgs))
            #expect(placed["status"] == "placed")
            let replayed = try await orders.call("order.place", .object(inArgs))
            #expect(replayed["orderId"] == placed["orderId"])
            #expect(try await orders.count("orders_orders") == 1)
            #expect(try await orders.stock("steak-frites") == 18)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aRetriedPlacementCreatesOneOrder(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let cart = try await orders.cart(items: [("steak-frites", 2), ("calamari", 1)], sales: [("date-night", 1)])
            #expect(cart.total == "178.50")
            let first = try await orders.place(cart.cartId, key: "retry-me")
            #expect(first.orderId.hasPrefix("ord_"))
            #expect(first.status == "placed")
            #expect(first.total == "178.50")
            #expect(first.order.items == cart.items)
            #expect(first.order.specialItems == cart.specialItems)
            #expect(first.order.subtotal == cart.subtotal && first.order.discount == cart.discount)
            #expect(first.order.customer.phone == "+16135550199")
            #expect(first.order.customer.name == "Zoë O'Brien")
            #expect(first.order.customer.address.postalCode == "K1M 1M4")
            #expect(first.order.customer.address.country == "CA")
            #expect(first.order.history.map(\.status) == ["placed"])

            let concurrent = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<5 {
                    group.addTask { try await orders.place(cart.cartId, key: "retry-me").orderId }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            var sequential: [String] = []
            for _ in 0..<5 { sequential.append(try await orders.place(cart.cartId, key: "retry-me").orderId) }
            #expect(concurrent + sequential == Array(repeating: first.orderId, count: 10))

            #expect(try await orders.count("orders_orders") == 1)
            #expect(try await orders.count("orders_order_lines") == 3)
            #expect(try await orders.stock("steak-frites") == 18, "stock is taken once")
            #expect(try await orders.stock("ribeye-for-two") == 11, "a bundle takes its special items' stock")
            #expect(try await orders.call(OrderGetOp.self, .init(orderId: first.orderId)) == first.order)

            var other = Forms.valid
            other.name = "Someone Else"
            let conflict = try await orders.failure(
                OrderPlaceOp.self,
                .init(cartId: cart.cartId, form: other),
                key: "retry-me"
            )
            #expect(conflict.code == .conflict)
            #expect(conflict.field == "idempotencyKey")
            #expect(try await orders.count("orders_orders") == 1)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func twoRacingPlacementsOfOneCartShareOneOrder(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            for round in 0..<3 {
                let cart = try await orders.cart(items: [("steak-frites", 1)])
                async let first = orders.place(cart.cartId, key: "race-\(round)-a")
                async let second = orders.place(cart.cartId, key: "race-\(round)-b")
                let (a, b) = try await (first, second)
                #expect(a.orderId == b.orderId, "round \(round)")
                #expect(try await orders.count("orders_orders", where: "cart_id = \(cart.cartId)") == 1)
            }
            #expect(try await orders.count("orders_orders") == 3)
            #expect(try await orders.stock("steak-frites") == 17)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anEmptyCartCannotBeOrdered(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let cart = try await orders.cart()
            let empty = try await orders.failure(
                OrderPlaceOp.self,
                .init(cartId: cart.cartId, form: Forms.valid),
                key: "empty"
            )
            #expect(empty.code == .failedPrecondition)
            #expect(empty.field == "cartId")
            #expect(try await orders.count("orders_orders") == 0)
            #expect(try await orders.count("reckon_idempotency") == 0, "a refused placement keeps no record")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anInvalidFormIsRefusedWithEveryProblemAndWritesNothing(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine, menuJSON: TestMenu.json) { orders in
            let cart = try await orders.cart(items: [("pie", 2), ("soup", 1)])
            var form = Forms.invalid
            form.vouchers = ["ONCE"]
            let refused = try await orders.failure(
                OrderPlaceOp.self,
                .init(cartId: cart.cartId, form: form),
                key: "bad-form"
            )
            #expect(refused.code == .invalidArgument)
            #expect(refused.field == "form.name")
            #expect(
                refused.details?.map(\.field) == [
                    "form.name", "form.phone", "form.email", "form.address.street", "form.address.city",
                    "form.address.postalCode",
                ]
            )
            #expect(
                refused.details?.map(\.code.rawValue) == [
                    "invalid_characters", "too_short", "invalid_email", "missing_house_number", "required",
                    "invalid_postal_code",
                ]
            )
            #expect(try await orders.count("orders_orders") == 0)
            #expect(try await orders.stock("pie") == 3)
            #expect(try await orders.voucherUses("ONCE") == 0)
            #expect(try await orders.call(CartGetOp.self, .init(cartId: cart.cartId)) == cart)
            let stillOpen = try await orders.call(CartIncrementOp.self, .init(cartId: cart.cartId, itemId: "pie"))
            #expect(stillOpen.items.map(\.quantity) == [3, 1])

            // The key was not used up by the refusal: the corrected form goes through under it.
            let placed = try await orders.call(
                OrderPlaceOp.self,
                .init(cartId: cart.cartId, form: Forms.valid(vouchers: ["ONCE"])),
                key: "bad-form"
            )
            #expect(placed.total == "24.00")
            #expect(try await orders.stock("pie") == 0)
            #expect(try await orders.voucherUses("ONCE") == 1)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anOrderedCartTakesNoMoreChanges(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let cart = try await orders.cart(items: [("burger", 1)])
            let placed = try await orders.place(cart.cartId, key: "done")
            let after = try await orders.call(CartGetOp.self, .init(cartId: cart.cartId))
            #expect(after.items.isEmpty && after.specialItems.isEmpty)
            #expect(after.total == "0.00")
            #expect(try await orders.count("orders_cart_lines") == 0)

            let line = CartLineArgs(cartId: cart.cartId, itemId: "burger")
            let refusals = [
                try await orders.failure(CartAddOp.self, .init(cartId: line.cartId, itemId: "burger")),
                try await orders.failure(CartIncrementOp.self, line),
                try await orders.failure(CartDecrementOp.self, line),
                try await orders.failure(CartRemoveOp.self, line),
                try await orders.failure(CartAddSaleOp.self, .init(cartId: cart.cartId, saleId: "date-night")),
                try await orders.failure(QuoteOp.self, .init(cartId: cart.cartId)),
            ]
            for refusal in refusals {
                #expect(refusal.code == .failedPrecondition)
                #expect(refusal.field == "cartId")
            }
            // A second client completing the same cart under its own key is answered the existing order.
            let again = try await orders.place(cart.cartId, key: "done-elsewhere")
            #expect(again.orderId == placed.orderId)
            #expect(try await orders.count("orders_orders") == 1)
        }
    }
}
