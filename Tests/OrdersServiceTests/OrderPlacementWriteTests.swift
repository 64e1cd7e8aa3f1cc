import OrdersAPI
import ReckonTesting
import Storage
import StoragePostgres
import Testing
import Wire

/// `order.place` as a batched write: its statements on PostgreSQL, and racing orders that sell each last unit and
/// each last voucher use once, the losers refused as their second read says and writing nothing.
@Suite struct OrderPlacementWriteTests {
    @Test func anOrderIsThreeStatementsOnPostgreSQLAndFourWithVouchers() async throws {
        try await OrdersHarness.with(.postgres, menuJSON: TestMenu.json) { orders in
            let postgres = try #require(orders.database as? PostgresDatabase)
            for (index, vouchers) in [nil, ["TWICE", "ONCE"]].enumerated() {
                let cart = try await orders.cart(items: [("soup", 2), ("pie", 1)], sales: [("feast", 1)])
                let before = postgres.statementsSent
                let placed = try await orders.place(
                    cart.cartId,
                    form: Forms.valid(vouchers: vouchers),
                    key: "k\(index)"
                )
                // The key, the cart with the stock, (the vouchers' uses,) then one write statement.
                #expect(postgres.statementsSent - before == (vouchers == nil ? 3 : 4))
                #expect(placed.order.history.map(\.status) == ["placed"])
                // The answer is what a later read finds.
                #expect(try await orders.call(OrderGetOp.self, .init(orderId: placed.orderId)) == placed.order)
            }
            #expect(try await orders.stock("pie") == 1)
            #expect(try await orders.stock("lobster") == 0)
            #expect(try await orders.voucherUses("ONCE") == 1)
            #expect(try await orders.voucherUses("TWICE") == 1)
            #expect(try await orders.count("orders_order_lines") == 6)
            #expect(try await orders.count("orders_order_stock") == 6)
            #expect(try await orders.count("orders_order_vouchers") == 2)
            #expect(try await orders.count("orders_cart_lines") == 0)
        }
    }

    /// Six carts of one pie each race for the three pies left: three orders, three refused as sold out.
    @Test(arguments: TestDatabase.engines)
    func racingOrdersSellEachLastUnitOnce(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine, menuJSON: TestMenu.json) { orders in
            let outcomes = try await placedAtOnce(orders, carts: 6, item: "pie") { _ in
                Forms.valid
            } refused: {
                "\($0.code.rawValue) \($0.details?.map(\.code.rawValue) ?? [])"
            }
            #expect(outcomes.filter { $0 == "placed" }.count == 3, "\(outcomes)")
            #expect(outcomes.filter { $0 == "failed_precondition [\"sold_out\"]" }.count == 3, "\(outcomes)")
            #expect(try await orders.stock("pie") == 0)
            #expect(try await orders.count("orders_orders") == 3)
            #expect(try await orders.count("orders_order_stock") == 3)
        }
    }

    /// Four customers race for the one use of `ONCE`: one order uses it, three are refused with the voucher's field.
    @Test(arguments: TestDatabase.engines)
    func racingOrdersTakeTheLastVoucherUseOnce(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine, menuJSON: TestMenu.json) { orders in
            let outcomes = try await placedAtOnce(orders, carts: 4, item: "soup") { index in
                Forms.valid(vouchers: ["ONCE"], phone: "(613) 555-01\(10 + index)")
            } refused: {
                "\($0.code.rawValue) \($0.field ?? "")"
            }
            #expect(outcomes.filter { $0 == "placed" }.count == 1, "\(outcomes)")
            #expect(outcomes.filter { $0 == "failed_precondition form.vouchers[0]" }.count == 3, "\(outcomes)")
            #expect(try await orders.voucherUses("ONCE") == 1)
            #expect(try await orders.count("orders_orders") == 1)
            #expect(try await orders.count("orders_order_vouchers") == 1)
        }
    }

    /// Fills `carts` carts with one `item` each, then places them all at once, the n-th with `form(n)` under a key of
    /// its own; each outcome is "placed" or what `refused` makes of the error.
    private func placedAtOnce(
        _ orders: OrdersHarness,
        carts count: Int,
        item: String,
        form: @escaping @Sendable (Int) -> CheckoutFormArgs,
        refused: @escaping @Sendable (WireError) -> String
    ) async throws -> [String] {
        var carts: [String] = []
        for _ in 0..<count { carts.append(try await orders.cart(items: [(item, 1)]).cartId) }
        return try await withThrowingTaskGroup(of: String.self) { group in
            for (index, cart) in carts.enumerated() {
                group.addTask {
                    do {
                        _ = try await orders.place(cart, form: form(index), key: "\(item)-\(index)")
                        return "placed"
                    } catch let error as WireError {
                        return refused(error)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }
}
