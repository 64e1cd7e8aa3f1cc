import Foundation
import LoopClient
import ReckonClient
import ReckonTesting
import Testing
import Wire

/// ``LoopClient``, the HTTP bridge's op client (ZMTP on NIO's event loops), against a real gateway and workers.
/// Failover is in ``HeavyLoadTests/SeveralGatewaysTests``, beside ``ReckonClient``'s.
@Suite struct LoopClientTests {
    private func client(_ stack: LocalStack, timeout: Duration = .seconds(30)) throws -> LoopClient {
        try LoopClient(configuration: .init(endpoint: stack.clientEndpoint, timeout: timeout))
    }

    @Test func answersAndErrorsComeBackAsTheGatewaySentThem() async throws {
        let stack = try await LocalStack.start()
        defer { stack.stop() }
        let client = try client(stack)
        defer { client.close() }
        #expect(try await client.call(service: "calc", op: "evaluate", args: ["expression": "6*7"])["value"] == "42")
        let error = await #expect(throws: WireError.self) { try await client.call(service: "calc", op: "noSuchOp") }
        #expect(error?.code == .unknownOp)
        let invalid = await #expect(throws: WireError.self) {
            try await client.call(service: "calc", op: "evaluate", args: ["expression": "6*"])
        }
        #expect(invalid?.code == .invalidArgument && invalid?.field != nil)
    }

    @Test func manyCallsAtOnceEachGetTheirOwnAnswer() async throws {
        let stack = try await LocalStack.start(workers: [4])
        defer { stack.stop() }
        let client = try client(stack)
        defer { client.close() }
        let right = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<400 {
                group.addTask {
                    let reply = try await client.call(
                        service: "calc",
                        op: "evaluate",
                        args: ["expression": .string("\(index)+1")]
                    )
                    return reply["value"]?.stringValue == String(index + 1)
                }
            }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(right == 400)
    }

    /// A stack whose one calc worker holds every request, registered.
    private func holdingStack() async throws -> (LocalStack, HoldingWorker) {
        let stack = try await LocalStack.start(workers: [])
        let holder = HoldingWorker(endpoint: stack.workerEndpoint, service: "calc", heartbeat: .milliseconds(250))
        try await stack.waitForWorkers(service: "calc", count: 1)
        return (stack, holder)
    }

    @Test func aCallNobodyAnswersTimesOut() async throws {
        let (stack, holder) = try await holdingStack()
        defer { stack.stop() }
        defer { Task { try await holder.vanish() } }
        let client = try client(stack, timeout: .milliseconds(300))
        defer { client.close() }
        let error = await #expect(throws: WireError.self) { try await client.call(service: "calc", op: "ops") }
        #expect(error?.code == .deadlineExceeded)
    }

    /// A reply cut short is an `internal` error at once, for a call parsed and for one passed on unparsed.
    @Test(arguments: [true, false])
    func aReplyThatIsNotJSONFailsItsCall(passedOn: Bool) async throws {
        let (stack, holder) = try await holdingStack()
        defer { stack.stop() }
        defer { Task { try await holder.vanish() } }
        let client = try client(stack)
        defer { client.close() }
        let call = ReckonClient.Request(service: "calc", op: "evaluate", args: ["expression": "1+1"])
        let outcome = Task {
            passedOn
                ? try await client.replyBytes(to: call, timeout: nil, requestID: nil).result().count
                : try await client.reply(to: call, timeout: nil, requestID: nil).serialized.count
        }
        try await holder.waitUntilHolding(timeout: .seconds(60))
        let id = try #require(holder.heldID)
        try await holder.answer(#"{"id":"\#(id)","ok":true,"result":{"value":"2"#, timeout: .seconds(60))
        let error = await #expect(throws: WireError.self) { try await outcome.value }
        #expect(error?.code == .internal)
    }

    /// A call with a short timeout, made while one with a long timeout waits, ends by its own: the link's one timer
    /// is brought forward for it.
    @Test(.timeLimit(.minutes(2))) func aShortTimeoutMadeAfterALongOneEndsFirst() async throws {
        let (stack, holder) = try await holdingStack()
        defer { stack.stop() }
        defer { Task { try await holder.vanish() } }
        let client = try client(stack)
        defer { client.close() }
        let long = Task { try await client.call(service: "calc", op: "ops", timeout: .seconds(3_600)) }
        try await holder.waitUntilHolding(timeout: .seconds(60))
        let error = await #expect(throws: WireError.self) {
            try await client.call(service: "calc", op: "ops", timeout: .milliseconds(200))
        }
        #expect(error?.code == .deadlineExceeded)
        long.cancel()
    }

    @Test func closingFailsTheCallsThatWait() async throws {
        let (stack, holder) = try await holdingStack()
        defer { stack.stop() }
        defer { Task { try await holder.vanish() } }
        let client = try client(stack)
        async let reply = capture { try await client.call(service: "calc", op: "ops") }
        try await holder.waitUntilHolding(timeout: .seconds(60))
        client.close()
        let outcome = await reply
        let error = #expect(throws: WireError.self) { try outcome.get() }
        #expect(error?.code == .unavailable)
        let later = await #expect(throws: WireError.self) { try await client.call(service: "calc", op: "ops") }
        #expect(later?.code == .unavailable)
    }

    @Test func aGatewayNobodyListensForFailsCallsByTheirTimeout() async throws {
        let port = try FreePorts.take(1)[0]
        let client = try LoopClient(
            configuration: .init(endpoint: "tcp://127.0.0.1:\(port)", timeout: .milliseconds(300))
        )
        defer { client.close() }
        let error = await #expect(throws: WireError.self) { try await client.call(service: "calc", op: "ops") }
        #expect(error?.code == .deadlineExceeded)
    }

    @Test func anEndpointNIOCannotReachIsRefusedAtOnce() {
        #expect(throws: (any Error).self) { try LoopClient(configuration: .init(endpoint: "inproc://gateway")) }
        #expect(throws: (any Error).self) { try LoopClient(configuration: .init(endpoint: "tcp://*:5555")) }
    }
}
