import Foundation
import OrdersAPI
import OrdersService
import ReckonTesting
import Storage
import Testing
import Wire

/// Order statuses, customer cancellation, staff listing, and cart expiry.
@Suite struct OrderStatusTests {
    private static let staff = OrdersHarness.staffKey

    @Test(arguments: TestDatabase.engines)
    func staffMovesAnOrderAlongItsLegalPath(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let placed = try await orders.place(try await orders.cart(items: [("burger", 1)]).cartId, key: "a")
            let id = placed.orderId

            let anonymous = try await orders.failure(OrderUpdateStatusOp.self, .init(orderId: id, status: "accepted"))
            #expect(anonymous.code == .unauthenticated)
            let wrong = try await orders.failure(
                OrderUpdateStatusOp.self,
                .init(orderId: id, status: "accepted"),
                token: "guess"
            )
            #expect(wrong.code == .permissionDenied)

            let skip = try await orders.failure(
                OrderUpdateStatusOp.self,
                .init(orderId: id, status: "delivered"),
                token: Self.staff
            )
            #expect(skip.code == .failedPrecondition)
            #expect(skip.field == "status")
            for status in ["placed", "shipped"] {
                let refused = try await orders.failure(
                    OrderUpdateStatusOp.self,
                    .init(orderId: id, status: status),
                    token: Self.staff
                )
                #expect(refused.code == .invalidArgument, "\(status)")
                #expect(refused.field == "status", "\(status)")
            }

            var order = placed.order
            for status in ["accepted", "preparing", "out_for_delivery", "delivered"] {
                order = try await orders.call(
                    OrderUpdateStatusOp.self,
                    .init(orderId: id, status: status),
                    token: Self.staff
                )
                #expect(order.status == status)
            }
            #expect(
                order.history.map(\.status) == ["placed", "accepted", "preparing", "out_for_delivery", "delivered"]
            )
            #expect(try await orders.call(OrderGetOp.self, .init(orderId: id)) == order)

            let late = try await orders.failure(
                OrderUpdateStatusOp.self,
                .init(orderId: id, status: "cancelled"),
                token: Self.staff
            )
            #expect(late.code == .failedPrecondition)
            #expect(late.field == "status")
            let customer = try await orders.failure(OrderCancelOp.self, .init(orderId: id))
            #expect(customer.code == .failedPrecondition)
            #expect(customer.field == "orderId")

            let unknown = try await orders.failure(OrderGetOp.self, .init(orderId: "ord_missing"))
            #expect(unknown.code == .notFound)
            #expect(unknown.field == "orderId")
            let unknownMove = try await orders.failure(
                OrderUpdateStatusOp.self,
                .init(orderId: "ord_missing", status: "accepted"),
                token: Self.staff
            )
            #expect(unknownMove.code == .notFound)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aCustomerCancelsOnlyWhilePlaced(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let first = try await orders.place(try await orders.cart(items: [("steak-frites", 3)]).cartId, key: "1")
            #expect(try await orders.stock("steak-frites") == 17)
            let cancelled = try await orders.call(OrderCancelOp.self, .init(orderId: first.orderId))
            #expect(cancelled.status == "cancelled")
            #expect(try await orders.stock("steak-frites") == 20)
            let twice = try await orders.failure(OrderCancelOp.self, .init(orderId: first.orderId))
            #expect(twice.code == .failedPrecondition)
            #expect(try await orders.stock("steak-frites") == 20, "a refused cancel gives nothing back again")

            let second = try await orders.place(try await orders.cart(items: [("steak-frites", 1)]).cartId, key: "2")
            _ = try await orders.call(
                OrderUpdateStatusOp.self,
                .init(orderId: second.orderId, status: "accepted"),
                token: Self.staff
            )
            let accepted = try await orders.failure(OrderCancelOp.self, .init(orderId: second.orderId))
            #expect(accepted.code == .failedPrecondition)
            #expect(accepted.field == "orderId")
            let byStaff = try await orders.call(
                OrderUpdateStatusOp.self,
                .init(orderId: second.orderId, status: "cancelled"),
                token: Self.staff
            )
            #expect(byStaff.status == "cancelled")
            #expect(try await orders.stock("steak-frites") == 20)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func staffListsACustomersOrdersPageByPage(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            var placed: [String] = []
            for index in 0..<3 {
                let cart = try await orders.cart(items: [("coffee", index + 1)])
                placed.append(try await orders.place(cart.cartId, key: "list-\(index)").orderId)
                try await Task.sleep(for: .milliseconds(5))
            }
            let stranger = try await orders.cart(items: [("coffee", 1)])
            _ = try await orders.place(stranger.cartId, form: Forms.valid(phone: "(416) 555-0199"), key: "stranger")

            let anonymous = try await orders.failure(OrderListOp.self, .init(phone: "(613) 555-0199"))
            #expect(anonymous.code == .unauthenticated)
            let wrong = try await orders.failure(OrderListOp.self, .init(phone: "(613) 555-0199"), token: "nope")
            #expect(wrong.code == .permissionDenied)

            let first = try await orders.call(
                OrderListOp.self,
                .init(phone: "613-555-0199", limit: 2),
                token: Self.staff
            )
            #expect(first.orders.map(\.orderId) == [placed[2], placed[1]], "newest first")
            let cursor = try #require(first.nextCursor)
            let second = try await orders.call(
                OrderListOp.self,
                .init(phone: "+16135550199", limit: 2, cursor: cursor),
                token: Self.staff
            )
            #expect(second.orders.map(\.orderId) == [placed[0]])
            #expect(second.nextCursor == nil)
            #expect(second.orders.first?.total == "3.50")

            let all = try await orders.call(OrderListOp.self, .init(email: "zoe@EXAMPLE.com"), token: Self.staff)
            #expect(all.orders.isEmpty, "orders are keyed by the phone when one was given")
            let other = try await orders.call(OrderListOp.self, .init(phone: "416 555 0199"), token: Self.staff)
            #expect(other.orders.count == 1)

            let noCustomer = try await orders.failure(OrderListOp.self, .init(), token: Self.staff)
            #expect(noCustomer.code == .invalidArgument)
            #expect(noCustomer.field == "phone")
            for limit in [0, 101] {
                let refused = try await orders.failure(
                    OrderListOp.self,
                    .init(phone: "+16135550199", limit: limit),
                    token: Self.staff
                )
                #expect(refused.code == .invalidArgument)
                #expect(refused.field == "limit")
            }
            let badCursor = try await orders.failure(
                OrderListOp.self,
                .init(phone: "+16135550199", cursor: "yesterday"),
                token: Self.staff
            )
            #expect(badCursor.code == .invalidArgument)
            #expect(badCursor.field == "cursor")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anIdleCartExpires(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let cart = try await orders.cart(items: [("burger", 1)])
            let hasty = try orders.reconfigured(
                .init(cartIdleTimeout: .milliseconds(1), staffKey: OrdersHarness.staffKey)
            )
            try await Task.sleep(for: .milliseconds(20))

            let line = CartLineArgs(cartId: cart.cartId, itemId: "burger")
            let refusals = [
                try await hasty.failure(CartAddOp.self, .init(cartId: line.cartId, itemId: "burger")),
                try await hasty.failure(CartIncrementOp.self, line),
                try await hasty.failure(CartRemoveOp.self, line),
                try await hasty.failure(QuoteOp.self, .init(cartId: cart.cartId)),
                try await hasty.failure(OrderPlaceOp.self, .init(cartId: cart.cartId, form: Forms.valid), key: "late"),
            ]
            for refusal in refusals {
                #expect(refusal.code == .failedPrecondition)
                #expect(refusal.field == "cartId")
            }
            #expect(try await orders.count("orders_orders") == 0)
            let fresh = try await hasty.call(CartCreateOp.self, NoArgs())
            try await Task.sleep(for: .milliseconds(20))
            let tooLate = try await hasty.failure(CartAddOp.self, .init(cartId: fresh.cartId, itemId: "burger"))
            #expect(tooLate.code == .failedPrecondition)

            // The patient worker still sees the first cart as it was.
            let patient = try await orders.call(CartGetOp.self, .init(cartId: cart.cartId))
            #expect(patient.items.map(\.quantity) == [1])

            let purged = try await OrdersService.purge(
                database: orders.database,
                configuration: .init(cartIdleTimeout: .milliseconds(1))
            )
            #expect(purged.carts == 2)
            #expect(try await orders.count("orders_carts") == 0)
            #expect(try await orders.count("orders_cart_lines") == 0)
        }
    }
}
