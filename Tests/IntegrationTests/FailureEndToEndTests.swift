import Foundation
import Testing
import ReckonClient
import Wire
import ZeroMQ

/// What happens when workers die, the gateway restarts, or peers send garbage.
@Suite(.serialized) struct FailureEndToEndTests {
    /// Registers a worker that takes a request and never answers (``HoldingWorker``), then a real one, waits until
    /// both are idle, sends one request (the first-registered worker gets it) and makes the holding worker vanish
    /// mid-request, as a SIGKILL would. (Killed with no other worker registered, the service would have none left,
    /// and a redispatched request would get `unavailable` once the 1 s grace period ended.)
    ///
    /// Every step waits on an event, the gateway's health or the request reaching the worker, with timeouts that
    /// only bound a failure: a frozen worker process used to hold the request, and on a busy machine its liveness ran
    /// out before the second worker had registered.
    private func requestToKilledWorker(
        idempotencyKey: String?,
        gatewayArguments: [String] = []
    ) async throws -> (LocalStack, Result<JSONValue, any Error>) {
        let stack = try await LocalStack.start(workers: [], gatewayArguments: gatewayArguments)
        do {
            let doomed = try await stack.holdingWorkerBesideARealOne()
            async let reply = capture { try await stack.call("calc", "ops", idempotencyKey: idempotencyKey) }
            try await doomed.waitUntilHolding(timeout: .seconds(60))
            try await doomed.vanish()
            return (stack, await reply)
        } catch {
            stack.stop()
            throw error
        }
    }

    @Test func killedWorkersRequestWithKeyIsRedispatched() async throws {
        let (stack, reply) = try await requestToKilledWorker(idempotencyKey: "retry-me")
        defer { stack.stop() }
        #expect(try reply.get()["service"] == "calc")
        let stats = try await stack.call("gateway", "stats")
        #expect(stats["redispatched"]?.cellInt == 1)
    }

    /// calc is listed in `--pure-services` by default: its requests are sent again without a key.
    @Test func killedWorkersPureRequestWithoutKeyIsRedispatched() async throws {
        let (stack, reply) = try await requestToKilledWorker(idempotencyKey: nil)
        defer { stack.stop() }
        #expect(try reply.get()["service"] == "calc")
        let stats = try await stack.call("gateway", "stats")
        #expect(stats["redispatched"]?.cellInt == 1)
    }

    @Test func killedWorkersRequestWithoutKeyOfAServiceNotPureIsUnavailable() async throws {
        let (stack, reply) = try await requestToKilledWorker(
            idempotencyKey: nil,
            gatewayArguments: ["--pure-services", ""]
        )
        defer { stack.stop() }
        #expect(throws: WireError(.unavailable, "worker lost, outcome unknown")) { try reply.get() }
    }

    /// The only worker holds a request (the test's ``HoldingWorker``, heartbeating, so it stays registered however
    /// slow the machine), so the next one waits in the queue until its deadline passes. The gateway's stats show
    /// both deadlines were the gateway's, not the client's own timeout.
    @Test func queuedRequestGetsDeadlineExceeded() async throws {
        let stack = try await LocalStack.start(workers: [], gatewayArguments: ["--deadline-ms", "600"])
        defer { stack.stop() }
        let holder = HoldingWorker(endpoint: stack.workerEndpoint, service: "calc", heartbeat: .milliseconds(250))
        defer { Task { try await holder.vanish() } }
        try await stack.waitForWorkers(service: "calc", count: 1)
        async let held = capture { try await stack.call("calc", "ops", idempotencyKey: nil) }
        try await holder.waitUntilHolding(timeout: .seconds(60))
        let error = await #expect(throws: WireError.self) { try await stack.call("calc", "ops", idempotencyKey: nil) }
        #expect(error?.code == .deadlineExceeded)
        let heldOutcome = await held
        #expect(throws: WireError.self) { try heldOutcome.get() }
        try await stack.waitForStats { $0["deadlineExceeded"]?.cellInt == 2 }
    }

    @Test func workersRegisterAgainAfterGatewayRestart() async throws {
        let stack = try await LocalStack.start(workers: [2])
        defer { stack.stop() }
        let first = try #require(stack.gateway)
        first.kill(SIGTERM)
        #expect(await first.waitForExit(timeout: .seconds(60)) != nil)
        try stack.startGateway()
        try await stack.waitForWorkers(service: "calc", count: 2)
        #expect(try await stack.call("calc", "ops")["service"] == "calc")
    }

    @Test func garbageOnBothSocketsIsDroppedAndGatewayKeepsServing() async throws {
        let stack = try await LocalStack.start(workers: [1])
        defer { stack.stop() }
        let clientEndpoint = stack.clientEndpoint
        let workerEndpoint = stack.workerEndpoint
        try await onThread {
            let garbage: [[[UInt8]]] = [
                [[0xFF]], [bytes("MDPC02")], [bytes("MDPC02"), [0x07], bytes("calc")], [bytes("MDPC02"), [0x01], []],
                [bytes("MDPW02"), [0x04], bytes("addr"), [], bytes("{}")], [[], [], []], [bytes("MDPC01")],
            ]
            let client = try RawPeer(.dealer, connect: clientEndpoint)
            let worker = try RawPeer(.dealer, connect: workerEndpoint)
            for message in garbage {
                try client.send(message)
                try worker.send(message)
            }
        }
        #expect(try await stack.call("calc", "ops")["service"] == "calc")
        // All 14 are dropped but two: the worker socket's FINAL from an unregistered peer earns a DISCONNECT, and the
        // client's REQUEST with an empty service frame is answered `invalid_argument` (counted in `unknownService`).
        let stats = try await stack.waitForStats { ($0["dropped"]?.cellInt ?? 0) >= 12 }
        #expect(stats["dropped"]?.cellInt == 12)
        #expect(stats["unknownService"]?.cellInt == 1)
        #expect(stats["disconnectsSent"]?.cellInt == 1)
    }

    /// A frame over four times `--max-message-bytes` makes libzmq drop the connection unread (smaller oversized
    /// messages get a reply: GatewayLimitsEndToEndTests).
    @Test func frameOverTheCeilingIsRefusedAndGatewayKeepsServing() async throws {
        let stack = try await LocalStack.start(workers: [1], gatewayArguments: ["--max-message-bytes", "65536"])
        defer { stack.stop() }
        let clientEndpoint = stack.clientEndpoint
        let answered = try await onThread { () -> Bool in
            let peer = try RawPeer(.dealer, connect: clientEndpoint)
            let huge = bytes(#"{"op":"ops","id":"big","pad":""# + String(repeating: "x", count: 300_000) + #""}"#)
            try peer.send([bytes("MDPC02"), [0x01], bytes("calc"), huge])
            return try peer.receive(timeoutMs: 1000) != nil
        }
        #expect(!answered)
        // Still serving (a small reply: `ops`, with its examples, is over this stack's 64 KiB).
        #expect(try await stack.call("calc", "evaluate", ["expression": "1+1"])["value"] == "2")
    }

    @Test func sigtermDrainsWorkerGracefully() async throws {
        let stack = try await LocalStack.start(workers: [1])
        defer { stack.stop() }
        let worker = try #require(stack.processes(named: "reckon-calc").first)
        worker.kill(SIGTERM)
        #expect(await worker.waitForExit(timeout: .seconds(60)) == 0)
        try await stack.waitForWorkers(service: "calc", count: 0)
    }

    /// A worker whose connection closed without DISCONNECT is still registered until its heartbeats lapse (100 s
    /// here). A request sent to it meanwhile cannot be delivered: the gateway purges the worker and queues the
    /// request again, so it is answered "no worker serves" when the grace period ends, not "worker lost". The
    /// gateway heartbeats every 5 s, so the REQUEST is almost always the first message that fails (a heartbeat
    /// failing first purges the worker just the same). The test waits until the gateway has closed its end of the
    /// connection (the kernel's table shows it), not for a second.
    @Test func requestThatCouldNotReachItsWorkerIsNotReportedAsLost() async throws {
        let stack = try await LocalStack.start(
            workers: [1],
            liveness: 20,
            gatewayArguments: ["--heartbeat-ms", "5000"]
        )
        defer { stack.stop() }
        try await stack.waitForWorkers(service: "calc", count: 1)
        let connections = try acceptedConnections(onPort: stack.workerPort)
        let workerEndpoint = stack.workerEndpoint
        try await onThread {
            let worker = try RawPeer(.dealer, connect: workerEndpoint)
            try worker.send([bytes("MDPW02"), [0x01], bytes("raw")])
        }
        try await stack.waitForWorkers(service: "raw", count: 1)
        try await stack.waitForWorkerConnections(connections)
        await #expect(throws: WireError(.unavailable, "no worker serves raw")) {
            try await stack.call("raw", "anything", idempotencyKey: nil)
        }
        let stats = try await stack.call("gateway", "stats")
        #expect(stats["workersUnreachable"]?.cellInt == 1)
        #expect(stats["workersLost"]?.cellInt == 0)
    }

    /// Once the last worker left, a request is answered when the 1 s grace period ends, not at the gateway's
    /// deadline: the answer says which, `unavailable` from the grace period, `deadline_exceeded` from the deadline or
    /// from the client's own timeout (25 s, beyond the stack's 20 s deadline).
    @Test func requestAfterTheLastWorkerLeftIsUnavailableWithinTheGracePeriod() async throws {
        let stack = try await LocalStack.start(workers: [1])
        defer { stack.stop() }
        let worker = try #require(stack.processes(named: "reckon-calc").first)
        worker.kill(SIGTERM)
        #expect(await worker.waitForExit(timeout: .seconds(60)) == 0)
        await #expect(throws: WireError(.unavailable, "no worker serves calc")) {
            try await stack.client.call(service: "calc", op: "ops")
        }
    }
}
