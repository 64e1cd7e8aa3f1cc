import Foundation
import OrdersAPI
import OrdersService
import ReckonTesting
import Storage
import Testing
import Wire

/// The order row's details column is the store's own ``StoredOrder``, not the wire's view: rows written in the
/// view's shape (every row before the store had a type of its own) still read, and a row that does not read is a
/// storage fault, answered `internal`, never the caller's bad argument.
@Suite struct StoredOrderTests {
    @Test(arguments: TestDatabase.engines)
    func detailsWrittenAsTheWiresViewStillRead(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let placed = try await orders.place(
                try await orders.cart(items: [("steak-frites", 2), ("calamari", 1)], sales: [("date-night", 1)]).cartId,
                key: "a"
            )
            let before = try await orders.call(OrderGetOp.self, .init(orderId: placed.orderId))
            let asView = String(decoding: try JSONCoding.encode(placed.order), as: UTF8.self)
            try await setDetails(asView, of: placed.orderId, in: orders)
            #expect(try await orders.call(OrderGetOp.self, .init(orderId: placed.orderId)) == before)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func detailsThatDoNotReadAnswerInternal(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let placed = try await orders.place(try await orders.cart(items: [("burger", 1)]).cartId, key: "a")
            try await setDetails(#"{"orderId": 7}"#, of: placed.orderId, in: orders)
            let failure = try await orders.failure(OrderGetOp.self, .init(orderId: placed.orderId))
            #expect(failure.code == .internal)
            #expect(failure.field == nil)
        }
    }

    private func setDetails(_ details: String, of id: String, in orders: OrdersHarness) async throws {
        _ = try await orders.database.write { db in
            try await db.query("UPDATE orders_orders SET details = \(details) WHERE id = \(id)")
        }
    }
}
