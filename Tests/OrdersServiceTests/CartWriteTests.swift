import Foundation
import Ordering
import OrdersAPI
import ReckonTesting
import Storage
import StoragePostgres
import Synchronization
import Testing
import Wire

@testable import OrdersService

/// Cart changes as batched writes: their statements on PostgreSQL, a change whose read went stale run again as a
/// transaction, and a refused change that writes nothing.
@Suite struct CartWriteTests {
    @Test func aCartChangeIsTwoStatementsOnPostgreSQL() async throws {
        try await OrdersHarness.with(.postgres, menuJSON: TestMenu.json) { orders in
            let postgres = try #require(orders.database as? PostgresDatabase)
            var before = postgres.statementsSent
            let id = try await orders.call(CartCreateOp.self, NoArgs()).cartId
            // The cart's row, written alone.
            #expect(postgres.statementsSent - before == 1)
            let changes: [(String, JSONValue)] = [
                ("cart.add", ["cartId": .string(id), "itemId": "pie", "quantity": 2]),
                ("cart.increment", ["cartId": .string(id), "itemId": "pie"]),
                ("cart.add", ["cartId": .string(id), "itemId": "soup"]),
                ("cart.decrement", ["cartId": .string(id), "itemId": "soup"]),
                ("cart.addSale", ["cartId": .string(id), "saleId": "feast"]),
                ("cart.remove", ["cartId": .string(id), "saleId": "feast"]),
            ]
            for (op, args) in changes {
                before = postgres.statementsSent
                _ = try await orders.call(op, args)
                // The cart with its lines (and the stock), then the touch and the line in one statement.
                #expect(postgres.statementsSent - before == 2, "\(op)")
            }
            before = postgres.statementsSent
            let shown = try await orders.call(CartGetOp.self, .init(cartId: id))
            #expect(postgres.statementsSent - before == 1)
            #expect(shown.items.map(\.id) == ["pie"] && shown.items.map(\.quantity) == [3])
            #expect(shown.specialItems.isEmpty && shown.total == "15.00")

            // With a key, the key's record is looked up first; a retry is answered from it alone.
            let decrement = CartLineArgs(cartId: id, itemId: "pie")
            before = postgres.statementsSent
            let first = try await orders.call(CartDecrementOp.self, decrement, key: "decrement-pie-0001")
            #expect(postgres.statementsSent - before == 3)
            before = postgres.statementsSent
            let retried = try await orders.call(CartDecrementOp.self, decrement, key: "decrement-pie-0001")
            #expect(postgres.statementsSent - before == 1)
            #expect(retried == first && first.items.map(\.quantity) == [2])
            #expect(try await orders.call(CartGetOp.self, .init(cartId: id)).items.map(\.quantity) == [2])
        }
    }

    /// Another change lands between a change's read and its write: the write's version check (the cart's touch)
    /// finds no row, nothing of it is written, and it runs again as a transaction that reads the other's change.
    @Test func aChangeWhoseReadWentStaleRunsAgainAsATransaction() async throws {
        try await OrdersHarness.with(.postgres, menuJSON: TestMenu.json) { orders in
            let id = try await orders.cart(items: [("soup", 1)]).cartId
            let store = CartStore(idleMilliseconds: 3_600_000)
            let runs = Atomic(0)
            let quantity = try await orders.database.batchedWrite { db in
                let run = runs.add(1, ordering: .relaxed).newValue
                let (cart, _) = try await store.openForChange(id, withStock: false, in: db)
                if run == 1 {
                    _ = try await orders.call(CartIncrementOp.self, .init(cartId: id, itemId: "soup"))
                }
                let edit = CartEdit.change(.item, "soup", by: 1)
                try await db.write([store.touchStep(cart).step, edit.step(cart: id, lines: cart.lines)])
                return try edit.applied(to: cart.lines).first?.quantity
            }
            #expect(runs.load(ordering: .relaxed) == 2)
            #expect(quantity == 3)
            #expect(try await orders.call(CartGetOp.self, .init(cartId: id)).items.map(\.quantity) == [3])
        }
    }

    /// More pies than the stock holds is refused before the write: the cart keeps its lines and its touch time.
    @Test(arguments: TestDatabase.engines)
    func aRefusedChangeWritesNothing(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine, menuJSON: TestMenu.json) { orders in
            let cart = try await orders.cart(items: [("pie", 3)])
            let refused = try await orders.failure(CartIncrementOp.self, .init(cartId: cart.cartId, itemId: "pie"))
            #expect(refused.code == .failedPrecondition)
            let missing = try await orders.failure(CartRemoveOp.self, .init(cartId: cart.cartId, itemId: "soup"))
            #expect(missing.code == .notFound && missing.field == "itemId")
            let shown = try await orders.call(CartGetOp.self, .init(cartId: cart.cartId))
            #expect(shown.items.map(\.quantity) == [3])
            #expect(shown.expiresAt == cart.expiresAt)
        }
    }
}
