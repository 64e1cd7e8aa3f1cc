import Foundation
import LedgerAPI
import Majordomo
import ReckonClient
import ReckonTesting
import Storage
import Testing
import Wire
import ZeroMQ

extension HeavyLoadTests {
    /// Faults under a bounded load of 20 clients, each test printing its counts: a ledger worker SIGKILLed, PostgreSQL
    /// restarted, a worker too slow for its deadline, and a worker that floods replies for requests it does not hold.
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

        /// An MDP request for calc's `evaluate` with JSON id `id`.
        private static func evaluate(_ expression: String, id: String) -> [[UInt8]] {
            PeerCodec.encodeClientRequest(
                service: "calc",
                body: [bytes(#"{"op":"evaluate","id":"\#(id)","args":{"expression":"\#(expression)"}}"#)]
            )
        }

        /// The JSON body of a client reply.
        private static func body(_ frames: [[UInt8]]) throws -> JSONValue {
            try JSONValue(parsing: PeerCodec.decodeClientReply(frames).body[0])
        }

        @Test func aSlowWorkersLateReplyReachesNobody() async throws {
            let stack = try await LocalStack.start(workers: [1], gatewayArguments: ["--deadline-ms", "500"])
            defer { stack.stop() }
            let worker = try #require(stack.processes(named: "reckon-calc").first)
            let (endpoint, pid) = (stack.clientEndpoint, worker.pid)
            try await worker.freeze()
            defer { worker.kill(SIGCONT) }
            let (late, other, next) = try await onThread { () -> (JSONValue?, JSONValue?, [JSONValue]) in
                let (first, second) = (try RawPeer(.dealer, connect: endpoint), try RawPeer(.dealer, connect: endpoint))
                try first.send(Self.evaluate("6*7", id: "late"))
                let late = try first.receive(timeoutMs: 5000).map(Self.body)
                // Thawed, the worker answers "late"; the gateway must drop that answer, so each client's next reply is
                // its own.
                kill(pid, SIGCONT)
                try second.send(Self.evaluate("1+1", id: "other"))
                let other = try second.receive(timeoutMs: 5000).map(Self.body)
                try first.send(Self.evaluate("2+2", id: "next"))
                var next: [JSONValue] = []
                while let frames = try first.receive(timeoutMs: 1500) { next.append(try Self.body(frames)) }
                return (late, other, next)
            }
            print(
                "slow worker: late reply dropped; the first client then got ids \(next.compactMap { $0["id"]?.stringValue })"
            )
            #expect(late?["id"] == "late" && late?["error"]?["code"] == "deadline_exceeded")
            #expect(other?["id"] == "other" && other?["result"]?["value"] == "2")
            #expect(next.map { $0["id"] } == ["next"] && next.first?["result"]?["value"] == "4")
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
                            PeerCodec.encodeWorkerReply(address: address, body: [bytes(#"{"ok":true,"result":{}}"#)])
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
