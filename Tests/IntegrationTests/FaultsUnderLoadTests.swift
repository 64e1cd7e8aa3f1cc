import Foundation
import LedgerAPI
import Majordomo
import OrdersAPI
import ReckonClient
import ReckonTesting
import Storage
import Synchronization
import Testing
import Wire
import ZeroMQ

extension HeavyLoadTests {
    /// Faults under a bounded load of 20 clients, each test printing its counts: a ledger worker SIGKILLed, PostgreSQL
    /// restarted (under ledger and orders writes), a worker too slow for its deadline, and a worker that floods
    /// replies for requests it does not hold.
    @Suite struct FaultsUnderLoadTests {
        @Test(arguments: TestDatabase.engines)
        func aLedgerWorkerKilledUnderTwentyClientsLosesAndDoublesNothing(engine: DatabaseEngine) async throws {
            try await LocalStack.withLedger(engine) { stack in
                let load = try await BillLoad.forNewHousehold(through: stack.client)
                let counts = try await load.run { stack.processes(named: "reckon-ledger").first?.kill(SIGKILL) }
                print("ledger worker SIGKILLed under 20 clients (\(engine)): \(counts)")
                try await load.expectEveryBill(count: counts.calls)
            }
        }

        /// Stops `server`, leaves it down for three seconds and starts it again: every connection breaks, and
        /// transactions open at that moment die half way.
        private static func restart(_ server: TestPostgresServer) async throws {
            try await server.stop()
            try await Task.sleep(for: .seconds(3))
            try await server.start()
        }

        /// A stack whose `count` workers (two slots each, started by `startWorker`) use `server`, with deadlines
        /// that let a write wait for the pool while the server restarts.
        private static func withRestartableStack(
            service: String,
            count: Int,
            _ startWorker: @escaping @Sendable (LocalStack, TestPostgresServer) throws -> Void,
            _ body: @Sendable (LocalStack, TestPostgresServer) async throws -> Void
        ) async throws {
            try await TestPostgresServer.with { server in
                let stack = try await LocalStack.start(
                    workers: [],
                    gatewayArguments: ["--deadline-ms", "15000"],
                    workerArguments: ["--request-timeout-ms", "10000"],
                    client: .init(timeout: .seconds(30))
                )
                defer { stack.stop() }
                for _ in 0..<count { try startWorker(stack, server) }
                try await stack.waitForWorkers(service: service, count: count * 2)
                try await body(stack, server)
                // Every slot came back idle: none is held by a write the restart caught.
                try await stack.waitForWorkers(service: service, count: count * 2, idle: count * 2)
                let name = "reckon-\(service)"
                #expect(stack.processes(named: name).allSatisfy { kill($0.pid, 0) == 0 }, "a worker died")
            }
        }

        /// A ledger worker on `server`, with Argon2id at its cheapest.
        @Sendable private static func startLedger(_ stack: LocalStack, _ server: TestPostgresServer) throws {
            try stack.startLedgerWorker([
                "--database", server.url, "--argon2-passes", "1", "--argon2-memory-mib", "1",
            ])
        }

        @Test func postgresRestartedUnderTwentyClientsGivesTransientErrorsThenEveryBillOnce() async throws {
            try await Self.withRestartableStack(service: "ledger", count: 2, Self.startLedger) { stack, server in
                var load = try await BillLoad.forNewHousehold(through: stack.client)
                (load.billsEach, load.patience) = (20, .seconds(40))
                let counts = try await load.run { try await Self.restart(server) }
                print("PostgreSQL restarted under 20 clients (ledger): \(counts)")
                // The outage shows as transient errors resent under their keys, never as a lost or doubled bill.
                #expect(counts.resends > 0, "the outage was never seen: \(counts)")
                #expect(counts.answered == counts.calls)
                try await load.expectEveryBill(count: counts.calls)
            }
        }

        /// Backends killed and the server restarted, three times over, under load: every answer is a bill or a transient
        /// error (`sendingAgain` throws any other, `internal` included), and every bill lands once.
        @Test func postgresBackendsKilledAndRestartedInALoopNeverAnswerInternal() async throws {
            try await Self.withRestartableStack(service: "ledger", count: 2, Self.startLedger) { stack, server in
                var load = try await BillLoad.forNewHousehold(through: stack.client)
                (load.billsEach, load.patience) = (40, .seconds(40))
                let counts = try await load.run {
                    for _ in 0..<3 {
                        try await server.terminateBackends()
                        try await Self.restart(server)
                    }
                }
                print("PostgreSQL backends killed and restarted under 20 clients (ledger): \(counts)")
                #expect(counts.resends > 0, "the outage was never seen: \(counts)")
                #expect(counts.failures["internal"] == nil)
                try await load.expectEveryBill(count: counts.calls)
            }
        }

        @Test func postgresRestartedUnderTwentyClientsPlacesEveryKeyedOrderOnce() async throws {
            let staff = try WorkerState.staffKey()
            defer { try? FileManager.default.removeItem(atPath: staff.file) }
            try await Self.withRestartableStack(service: "orders", count: 2) { stack, server in
                try stack.startOrdersWorker(["--database", server.url, "--staff-key-file", staff.file])
            } _: { stack, server in
                let client = stack.client
                let load = KeyedLoad(callsEach: 20, patience: .seconds(40))
                let carts = try await Self.carts(client, count: load.clients * load.callsEach)
                let placed = Locked<[String: String]>([:])
                let counts = try await load.run { [carts] member, index, key in
                    let args = OrderPlaceOp.Args(
                        cartId: carts[member * load.callsEach + index],
                        form: OrdersEndToEndTests.form
                    )
                    let order = try await client.call(OrderPlaceOp.self, args, idempotencyKey: key)
                    placed.value.withLock { $0[key] = order.orderId }
                } fault: {
                    try await Self.restart(server)
                }
                let listed = try await client.orderIDs(phone: OrdersEndToEndTests.form.phone, staffKey: staff.key)
                print("PostgreSQL restarted under 20 clients (orders): \(counts); \(listed.count) orders listed")
                #expect(counts.resends > 0, "the outage was never seen: \(counts)")
                #expect(counts.answered == counts.calls)
                let answered = placed.value.withLock { $0 }
                #expect(answered.count == counts.calls, "lost replies: \(answered.count) of \(counts.calls)")
                #expect(listed.count == counts.calls, "lost or doubled: \(listed.count) orders")
                #expect(Set(listed) == Set(answered.values))
            }
        }

        /// `count` carts with a poutine each, made twenty at a time.
        private static func carts(_ client: ReckonClient, count: Int) async throws -> [String] {
            try await withThrowingTaskGroup(of: [String].self) { group in
                for part in 0..<20 {
                    group.addTask {
                        var carts: [String] = []
                        for _ in stride(from: part, to: count, by: 20) {
                            let cart = try await client.call(CartCreateOp.self, NoArgs())
                            _ = try await client.call(CartAddOp.self, .init(cartId: cart.cartId, itemId: "poutine"))
                            carts.append(cart.cartId)
                        }
                        return carts
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
        }

        /// An MDP request for calc's `evaluate` with JSON id `id`.
        private static func evaluate(_ expression: String, id: String) -> [[UInt8]] {
            PeerCodec.encodeClientRequest(
                service: "calc",
                body: bytes(#"{"op":"evaluate","id":"\#(id)","args":{"expression":"\#(expression)"}}"#)
            )
        }

        /// The JSON body of a client reply.
        private static func body(_ frames: [[UInt8]]) throws -> JSONValue {
            try JSONValue(parsing: PeerCodec.decodeClientReply(ZMQFrames(frames)).body.bytes(at: 0))
        }

        /// A worker that answers after its request's deadline: the gateway must drop the late answer. The slow worker
        /// is the test's ``HoldingWorker`` (heartbeating, so it stays registered however slow the machine), beside a
        /// real one. Each step waits on an event: the request reaching the slow worker, the deadline's reply, and the
        /// gateway counting the slow worker idle again, which it does on reading the late answer. A late answer the
        /// gateway wrongly passed on would then already be on the first client's connection, ahead of the reply to
        /// its next request.
        @Test func aSlowWorkersLateReplyReachesNobody() async throws {
            // Deadline long enough for the real worker to answer in time on a loaded machine.
            let stack = try await LocalStack.start(workers: [], gatewayArguments: ["--deadline-ms", "5000"])
            defer { stack.stop() }
            let slow = try await stack.holdingWorkerBesideARealOne()
            let endpoint = stack.clientEndpoint
            let (late, other, next) = try await onThread { () -> (JSONValue?, JSONValue?, JSONValue?) in
                let (first, second) = (try RawPeer(.dealer, connect: endpoint), try RawPeer(.dealer, connect: endpoint))
                try first.send(Self.evaluate("6*7", id: "late"))
                try awaitOnThread { try await slow.waitUntilHolding(timeout: .seconds(60)) }
                let late = try first.receive(timeoutMs: 60_000).map(Self.body)
                try second.send(Self.evaluate("1+1", id: "other"))
                let other = try second.receive(timeoutMs: 60_000).map(Self.body)
                try awaitOnThread {
                    try await slow.answer(#"{"ok":true,"id":"late","result":{"value":"42"}}"#, timeout: .seconds(60))
                    try await stack.waitForWorkers(service: "calc", count: 2, idle: 2, timeout: .seconds(60))
                }
                try first.send(Self.evaluate("2+2", id: "next"))
                return (late, other, try first.receive(timeoutMs: 60_000).map(Self.body))
            }
            #expect(late?["id"] == "late" && late?["error"]?["code"] == "deadline_exceeded")
            #expect(other?["id"] == "other" && other?["result"]?["value"] == "2")
            #expect(next?["id"] == "next" && next?["result"]?["value"] == "4", "\(next?.jsonText ?? "no reply")")
        }

        @Test func aWorkerFloodingRepliesItDoesNotHoldIsDisconnectedAndNobodyElseNotices() async throws {
            let stack = try await LocalStack.start(workers: [2])
            defer { stack.stop() }
            let endpoint = stack.workerEndpoint
            let flood = Task {
                try await onThread { () -> Int in
                    let rogue = try RawPeer(.dealer, connect: endpoint)
                    try rogue.send(PeerCodec.encodeReady(service: "calc"))
                    var sent = 0
                    for index in 0..<20_000 {
                        let address = bytes("client-\(index % 50)")
                        try rogue.send(
                            PeerCodec.encodeWorkerReply(address: address, body: bytes(#"{"ok":true,"result":{}}"#))
                        )
                        sent += 1
                    }
                    return sent
                }
            }
            var right = 0
            for index in 0..<200 {
                let value = try await stack.call("calc", "evaluate", ["expression": .string("\(index)+1")])
                if value["value"]?.stringValue == String(index + 1) { right += 1 }
            }
            let sent = try await flood.value
            let stats = try await stack.call("gateway", "stats")
            print(
                "flooding worker: \(sent) replies it did not hold; a correct client got \(right) of 200 right; stats \(stats.jsonText)"
            )
            #expect(right == 200)
            #expect((stats["dropped"]?.cellInt ?? 0) > 0)
            try await stack.waitForWorkers(service: "calc", count: 2)
        }
    }
}
