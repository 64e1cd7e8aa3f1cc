import Foundation
import OrdersAPI
import ReckonClient
import ReckonTesting
import Storage
import Testing
import Wire

/// The orders service through the real gateway and `reckon-orders` processes, on both engines.
@Suite struct OrdersEndToEndTests {
    /// A valid checkout form, for every placement.
    static let form = CheckoutFormArgs(
        name: "Zoë O'Brien",
        phone: "(416) 555-0199",
        address: .init(street: "12 King St W", city: "Toronto", postalCode: "M5H 1A1")
    )

    /// Starts a gateway and two `reckon-orders` processes sharing one database. A thousand writes to one row queue
    /// behind each other, in debug builds beside the rest of the suite, so the deadlines are long.
    private func withOrdersStack(
        _ engine: DatabaseEngine,
        extra: [String] = [],
        _ body: @Sendable (LocalStack) async throws -> Void
    ) async throws {
        try await WorkerState.with(engine) { state in
            let stack = try await LocalStack.start(
                workers: [],
                gatewayArguments: ["--deadline-ms", "120000"],
                workerArguments: ["--request-timeout-ms", "110000"],
                client: .init(timeout: .seconds(150))
            )
            defer { stack.stop() }
            try stack.startOrdersWorker(state + extra)
            try stack.startOrdersWorker(state + extra)
            try await stack.waitForWorkers(service: "orders", count: 4)
            try await body(stack)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aThousandParallelIncrementsCountExactly(engine: DatabaseEngine) async throws {
        try await withOrdersStack(engine) { stack in
            let client = stack.client
            let cart = try await client.call(CartCreateOp.self, NoArgs())
            _ = try await client.call(CartAddOp.self, .init(cartId: cart.cartId, itemId: "poutine"))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<1000 {
                    group.addTask {
                        _ = try await client.call(CartIncrementOp.self, .init(cartId: cart.cartId, itemId: "poutine"))
                    }
                }
                try await group.waitForAll()
            }
            let final = try await client.call(CartGetOp.self, .init(cartId: cart.cartId))
            // One from cart.add, a thousand from the increments.
            #expect(final.items.first?.quantity == 1001)
            #expect(final.total == "13013.00")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func retriedAndRacingPlacementsCreateOneOrder(engine: DatabaseEngine) async throws {
        let staff = try WorkerState.staffKey()
        defer { try? FileManager.default.removeItem(atPath: staff.file) }
        try await withOrdersStack(engine, extra: ["--staff-key-file", staff.file]) { stack in
            let client = stack.client
            let before = try await client.call(MenuOp.self, NoArgs())
            let lobstersBefore = try #require(before.specialItems.first { $0.id == "lobster-roll" }?.remaining)
            let cart = try await client.call(CartCreateOp.self, NoArgs())
            _ = try await client.call(CartAddSaleOp.self, .init(cartId: cart.cartId, saleId: "maritime-lunch"))
            let place = OrderPlaceOp.Args(cartId: cart.cartId, form: Self.form)
            // Ten retries of one request (one key) and two other clients with keys of their own, all at once.
            let keys = Array(repeating: "retry-key", count: 10) + ["client-a", "client-b"]
            let orderIDs = try await withThrowingTaskGroup(of: String.self) { group in
                for key in keys {
                    group.addTask { try await client.call(OrderPlaceOp.self, place, idempotencyKey: key).orderId }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(orderIDs.count == 1)
            let listed = try await client.call(OrderListOp.self, .init(phone: "416-555-0199"), token: staff.key)
            #expect(listed.orders.map(\.orderId) == Array(orderIDs))
            let after = try await client.call(MenuOp.self, NoArgs())
            #expect(after.specialItems.first { $0.id == "lobster-roll" }?.remaining == lobstersBefore - 1)
            let refused = await #expect(throws: WireError.self) {
                _ = try await client.call(CartAddOp.self, .init(cartId: cart.cartId, itemId: "poutine"))
            }
            #expect(refused?.code == .failedPrecondition)
        }
    }

    @Test func postgresStoppedAndStartedGivesUnavailableThenRecoversWithoutARestart() async throws {
        try await TestPostgresServer.with { server in
            let stack = try await LocalStack.start(workers: [], client: .init(timeout: .seconds(10)))
            defer { stack.stop() }
            let worker = try stack.startOrdersWorker(["--database", server.url])
            try await stack.waitForWorkers(service: "orders", count: 2)
            let client = stack.client
            _ = try await client.call(CartCreateOp.self, NoArgs())

            try await server.stop()
            let error = await #expect(throws: WireError.self) { _ = try await client.call(CartCreateOp.self, NoArgs()) }
            #expect(error?.code == .unavailable)

            try await server.start()
            let deadline = ContinuousClock.now + .seconds(30)
            var recovered: CartView?
            while recovered == nil, ContinuousClock.now < deadline {
                recovered = try? await client.call(CartCreateOp.self, NoArgs())
                if recovered == nil { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(recovered != nil, "no success within 30 s of PostgreSQL coming back\n\(stack.logs)")
            #expect(stack.processes(named: "reckon-orders").count == 1)
            #expect(kill(worker.pid, 0) == 0, "the worker was restarted or died")
        }
    }
}
