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
            var carts: [String] = []
            for _ in 0..<6 { carts.append(try await orders.cart(items: [("pie", 1)]).cartId) }
            let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
                for (index, cart) in carts.enumerated() {
                    group.addTask {
                        do {
                            _ = try await orders.place(cart, key: "pie-\(index)")
                            return "placed"
                        } catch let error as WireError {
                            return "\(error.code.rawValue) \(error.details?.map(\.code.rawValue) ?? [])"
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
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
            var carts: [String] = []
            for _ in 0..<4 { carts.append(try await orders.cart(items: [("soup", 1)]).cartId) }
            let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
                for (index, cart) in carts.enumerated() {
                    group.addTask {
                        let form = Forms.valid(vouchers: ["ONCE"], phone: "(613) 555-01\(10 + index)")
                        do {
                            _ = try await orders.place(cart, form: form, key: "once-\(index)")
                            return "placed"
                        } catch let error as WireError {
                            return "\(error.code.rawValue) \(error.field ?? "")"
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == "placed" }.count == 1, "\(outcomes)")
            #expect(outcomes.filter { $0 == "failed_precondition form.vouchers[0]" }.count == 3, "\(outcomes)")
            #expect(try await orders.voucherUses("ONCE") == 1)
            #expect(try await orders.count("orders_orders") == 1)
            #expect(try await orders.count("orders_order_vouchers") == 1)
        }
    }
}
