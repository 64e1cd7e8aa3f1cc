import Foundation
import LedgerAPI
import LoopClient
import ReckonClient
import ReckonTesting
import Storage
import Synchronization
import Testing
import Wire

extension HeavyLoadTests {
    /// Two gateways with the same workers, and clients that know both: killing the gateway in use loses nothing.
    @Suite struct SeveralGatewaysTests {
        /// Two gateways (each a stack of its own, started without workers) and a client that knows both, the first
        /// one first.
        private func twoGateways(
            timeout: Duration = .seconds(30)
        ) async throws -> (LocalStack, LocalStack, ReckonClient) {
            let (first, second, configuration) = try await twoGatewayConfiguration(timeout: timeout)
            return (first, second, try ReckonClient(configuration: configuration))
        }

        /// Two gateways and a client of `kind` that knows both; the client's `close` is the third part.
        private func twoGateways(
            _ kind: ClientKind
        ) async throws -> (LocalStack, LocalStack, any ReckonCalls, @Sendable () -> Void) {
            let (first, second, configuration) = try await twoGatewayConfiguration(timeout: .seconds(30))
            switch kind {
            case .thread:
                let client = try ReckonClient(configuration: configuration)
                return (first, second, client, client.close)
            case .loops:
                let client = try LoopClient(configuration: configuration)
                return (first, second, client, client.close)
            }
        }

        private func twoGatewayConfiguration(
            timeout: Duration
        ) async throws -> (LocalStack, LocalStack, ReckonClient.Configuration) {
            let first = try await LocalStack.start(workers: [])
            let second = try await LocalStack.start(workers: [])
            let configuration = ReckonClient.Configuration(
                endpoints: [first.clientEndpoint, second.clientEndpoint],
                timeout: timeout,
                failoverAfter: .milliseconds(300)
            ).recordingReplies()
            return (first, second, configuration)
        }

        @Test func aWorkerGivenTwoGatewaysServesBoth() async throws {
            let (first, second, client) = try await twoGateways()
            defer { [first, second].forEach { $0.stop() } }
            defer { client.close() }
            try first.startWorker(slots: 2, ["--gateway", second.workerEndpoint])
            try await first.waitForWorkers(service: "calc", count: 2)
            try await second.waitForWorkers(service: "calc", count: 2)
            for stack in [first, second] {
                #expect(try await stack.call("calc", "evaluate", ["expression": "6*7"])["value"] == "42")
            }
        }

        @Test(arguments: ClientKind.allCases)
        func killingTheGatewayInUseLosesNoKeyedCall(kind: ClientKind) async throws {
            let (first, second, client, close) = try await twoGateways(kind)
            defer { [first, second].forEach { $0.stop() } }
            defer { close() }
            try first.startWorker(slots: 2, ["--gateway", second.workerEndpoint])
            try await first.waitForWorkers(service: "calc", count: 2)
            try await second.waitForWorkers(service: "calc", count: 2)
            let answered = AnsweredCount()
            let answers = try await withThrowingTaskGroup(of: Bool.self) { group in
                for task in 0..<8 {
                    group.addTask {
                        var right = true
                        for call in 0..<100 {
                            let expression = "\(task)*1000+\(call)"
                            let value = try await client.call(
                                service: "calc",
                                op: "evaluate",
                                args: ["expression": .string(expression)]
                            )
                            right = right && value["value"]?.stringValue == String(task * 1000 + call)
                            answered.count.add(1, ordering: .relaxed)
                        }
                        return right
                    }
                }
                group.addTask {
                    // Kill the first gateway a quarter of the way through, with calls in flight.
                    while answered.count.load(ordering: .relaxed) < 200 { try await Task.sleep(for: .milliseconds(5)) }
                    first.gateway?.kill(SIGKILL)
                    return true
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0 })
            let stats = try await second.call("gateway", "stats")
            #expect((stats["replies"]?.cellInt ?? 0) > 0, "the second gateway answered nothing: \(stats.jsonText)")
        }

        /// The call is held by the test's ``HoldingWorker`` (heartbeating, so it stays registered however slow the
        /// machine) when its gateway is killed. "At once" shows in the answer itself: the client's failover fails the
        /// call `unavailable`, where waiting out its timeout (the 30 s of `twoGateways`) would be `deadline_exceeded`.
        @Test(arguments: ClientKind.allCases)
        func aCallWithoutKeyInFlightWhenItsGatewayDiesIsUnavailableAtOnce(kind: ClientKind) async throws {
            let (first, second, client, close) = try await twoGateways(kind)
            defer { [first, second].forEach { $0.stop() } }
            defer { close() }
            let holder = HoldingWorker(
                endpoint: first.workerEndpoint,
                service: "calc",
                heartbeat: .milliseconds(first.heartbeatMs)
            )
            defer { Task { try await holder.vanish() } }
            try await first.waitForWorkers(service: "calc", count: 1)
            async let reply = capture {
                try await client.call(service: "calc", op: "ops", idempotencyKey: nil)
            }
            try await holder.waitUntilHolding(timeout: .seconds(60))
            first.gateway?.kill(SIGKILL)
            let outcome = await reply
            let error = #expect(throws: WireError.self) { try outcome.get() }
            #expect(error?.code == .unavailable && error?.message.contains("no idempotency key") == true)
        }

        @Test(arguments: TestDatabase.engines)
        func writesThroughTwoGatewaysLandOnceWhenOneIsKilled(engine: DatabaseEngine) async throws {
            try await WorkerState.with(engine) { state in
                let (first, second, client) = try await twoGateways(timeout: .seconds(60))
                defer { [first, second].forEach { $0.stop() } }
                defer { client.close() }
                let flags =
                    state + ["--argon2-passes", "1", "--argon2-memory-mib", "1", "--gateway", second.workerEndpoint]
                try first.startLedgerWorker(flags)
                try first.startLedgerWorker(flags)
                try await first.waitForWorkers(service: "ledger", count: 4)
                try await second.waitForWorkers(service: "ledger", count: 4)
                var load = try await BillLoad.forNewHousehold(through: client)
                load.billsEach = 5
                let counts = try await load.run { first.gateway?.kill(SIGKILL) }
                let descriptions = try await load.descriptions()
                let viaSecond = try await second.call("gateway", "stats")["replies"]?.cellInt ?? 0
                print(
                    "two gateways, one killed: \(counts); \(descriptions.count) bills, \(viaSecond) answered through the second"
                )
                #expect(viaSecond > 0)
                #expect(descriptions.count == counts.calls)
                #expect(Set(descriptions).count == counts.calls)
            }
        }
    }
}

/// The client a test runs with: ``ReckonClient`` (libzmq, on a thread of its own) or ``LoopClient`` (ZMTP on NIO's
/// event loops, as the HTTP bridge makes its op calls).
enum ClientKind: CaseIterable, Sendable {
    case thread, loops
}

/// Calls answered so far, counted across tasks.
private final class AnsweredCount: Sendable {
    let count = Atomic(0)
}
