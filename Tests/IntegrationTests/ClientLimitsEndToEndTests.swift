import Foundation
import ReckonClient
import Testing
import Wire

/// Per-client limits through a real `reckon-gateway`: a client over its rate gets a typed `resource_exhausted` with
/// `retryAfterSeconds`, and other clients, which have buckets of their own, are served meanwhile.
@Suite(.serialized) struct ClientLimitsEndToEndTests {
    /// One request a second, three at once: low enough that a burst of calls is refused whatever the machine's speed.
    private static let limits = ["--client-rate", "1", "--client-burst", "3"]

    /// A client of its own (its own routing id, so its own bucket) on `stack`'s gateway.
    private static func client(of stack: LocalStack) throws -> ReckonClient {
        try ReckonClient(configuration: .init(endpoint: stack.clientEndpoint, timeout: .seconds(25)))
    }

    @Test func clientOverItsRateIsToldWhenToRetryWhileAnotherIsServed() async throws {
        let stack = try await LocalStack.start(workers: [1], gatewayArguments: Self.limits)
        defer { stack.stop() }
        let greedy = try Self.client(of: stack)
        defer { greedy.close() }
        let outcomes = await withTaskGroup(of: Result<JSONValue, any Error>.self) { group in
            for _ in 0..<8 {
                group.addTask { await capture { try await greedy.call(service: "calc", op: "ops") } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let refusals = outcomes.compactMap { outcome -> WireError? in
            guard case .failure(let error) = outcome else { return nil }
            return error as? WireError
        }
        #expect(outcomes.count - refusals.count >= 3)
        #expect(!refusals.isEmpty)
        for refusal in refusals {
            #expect(refusal.code == .resourceExhausted)
            #expect(refusal.retryAfterSeconds == 1)
            #expect(refusal.message == "too many requests from this client")
        }
        let polite = try Self.client(of: stack)
        defer { polite.close() }
        #expect(try await polite.call(service: "calc", op: "ops")["service"] == "calc")
        let stats = try await polite.call(service: "gateway", op: "stats")
        #expect((stats["rateLimited"]?.cellInt ?? 0) >= refusals.count)
    }

    /// The batch takes a token and each sub-request one more; those past the bucket fail alone, in their slot.
    @Test func batchSubRequestsOverTheRateFailAlone() async throws {
        let stack = try await LocalStack.start(workers: [1], gatewayArguments: Self.limits)
        defer { stack.stop() }
        let client = try Self.client(of: stack)
        defer { client.close() }
        let request: JSONValue = ["service": "calc", "op": "ops"]
        let result = try await client.call(
            service: "gateway",
            op: "batch",
            args: ["requests": [request, request, request, request]]
        )
        let replies = try #require(result["replies"]?.arrayValue)
        #expect(replies.map { $0["ok"] } == [true, true, false, false])
        for refused in replies.dropFirst(2) {
            #expect(refused["error"]?["code"] == "resource_exhausted")
            #expect(refused["error"]?["retryAfterSeconds"]?.cellInt == 1)
        }
    }
}
