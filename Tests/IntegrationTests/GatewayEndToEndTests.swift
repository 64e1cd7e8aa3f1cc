import Foundation
import Testing
import Majordomo
import ReckonClient
import Wire
import ZeroMQ

/// Requests through a real gateway to real workers: routing, MMI, the gateway service and batch fan-out.
@Suite(.serialized) struct GatewayEndToEndTests {
    @Test func requestReachesWorkerAndReplyComesBack() async throws {
        let stack = try await LocalStack.start()
        defer { stack.stop() }
        let ops = try await stack.call("calc", "ops")
        #expect(ops["service"]?.stringValue == "calc")
        let names = ops["ops"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(names.contains("ops"))
    }

    @Test func unknownOpIsTypedError() async throws {
        let stack = try await LocalStack.start()
        defer { stack.stop() }
        await #expect(throws: WireError(.unknownOp, "no op nope", field: "op")) {
            try await stack.call("calc", "nope")
        }
    }

    /// A name no worker has registered is `unknown_service` once the gateway has run a heartbeat expiry (the wait is
    /// for `stats` to count one), and a name no service can have is `invalid_argument`: both answered at once, never
    /// dropped. The client refuses both kinds itself, and MMI too, so the test sends them from a raw MDP client.
    @Test func aServiceNoWorkerRegisteredIsUnknownAndANameNoServiceCanHaveIsInvalid() async throws {
        let stack = try await LocalStack.start()
        defer { stack.stop() }
        let endpoint = stack.clientEndpoint
        @Sendable func error(_ service: String) throws -> JSONValue? {
            let peer = try RawPeer(.dealer, connect: endpoint)
            try peer.send(PeerCodec.encodeClientRequest(service: service, body: bytes(#"{"op":"x","id":"q"}"#)))
            let frames = try #require(try peer.receive(timeoutMs: 60_000))
            return try JSONValue(parsing: PeerCodec.decodeClientReply(ZMQFrames(frames)).body.bytes(at: 0))["error"]
        }
        while try await stack.call("gateway", "stats")["unknownService"] == 0 {
            #expect(try await onThread { try error("nosuch")?["code"] } != nil)
        }
        let (unknown, invalid) = try await onThread {
            (try error("nosuch"), try error(String(repeating: "s", count: 256)))
        }
        #expect(unknown?["code"] == "unknown_service" && unknown?["field"] == "service")
        #expect(invalid?["code"] == "invalid_argument" && invalid?["field"] == "service")
        let refused = await #expect(throws: WireError.self) { try await stack.call("mmi.service", "x") }
        #expect(refused?.code == .unknownService)
    }

    @Test func mmiServiceAnswersPerRFC8() async throws {
        let stack = try await LocalStack.start()
        defer { stack.stop() }
        #expect(try await stack.client.callRaw(service: "mmi.service", body: bytes("calc")) == bytes("200"))
        #expect(try await stack.client.callRaw(service: "mmi.service", body: bytes("orders")) == bytes("404"))
        #expect(try await stack.client.callRaw(service: "mmi.service", body: bytes("gateway")) == bytes("200"))
        #expect(try await stack.client.callRaw(service: "mmi.echo", body: []) == bytes("501"))
    }

    @Test func concurrentMMICallsEachGetTheirOwnAnswer() async throws {
        let stack = try await LocalStack.start()
        defer { stack.stop() }
        let services = (0..<24).map { $0.isMultiple(of: 3) ? "calc" : "nosuch-\($0)" }
        let answers = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for (index, service) in services.enumerated() {
                group.addTask { (index, try await stack.client.callRaw(service: "mmi.service", body: bytes(service))) }
            }
            var answers = [[UInt8]](repeating: [], count: services.count)
            for try await (index, answer) in group { answers[index] = answer }
            return answers
        }
        #expect(answers == services.map { bytes($0 == "calc" ? "200" : "404") })
    }

    @Test func healthListsWorkersAndStatsCount() async throws {
        let stack = try await LocalStack.start(workers: [2, 1])
        defer { stack.stop() }
        let health = try await stack.call("gateway", "health")
        let calc = health["services"]?.arrayValue?.first { $0["name"]?.stringValue == "calc" }
        #expect(calc?["workers"]?.cellInt == 3)
        #expect(calc?["queued"]?.cellInt == 0)
        _ = try await stack.call("calc", "ops")
        let stats = try await stack.call("gateway", "stats")
        #expect((stats["requests"]?.cellInt ?? 0) >= 1)
        #expect((stats["replies"]?.cellInt ?? 0) >= 1)
    }

    @Test func batchFansOutAndKeepsOrderWithPerRequestErrors() async throws {
        let stack = try await LocalStack.start(workers: [2])
        defer { stack.stop() }
        let result = try await stack.call(
            "gateway",
            "batch",
            [
                "requests": [
                    ["service": "calc", "op": "ops", "id": "first"],
                    ["service": "nosuch", "op": "x", "id": "second"],
                    ["service": "calc", "op": "nope", "id": "third"],
                    ["service": "gateway", "op": "health"],
                ]
            ]
        )
        let replies = try #require(result["replies"]?.arrayValue)
        #expect(replies.count == 4)
        #expect(replies[0]["ok"] == true)
        #expect(replies[0]["id"] == "first")
        // `unavailable` until the gateway has run a heartbeat expiry since it started, `unknown_service` after: a
        // loaded machine may start the stack slowly enough for either.
        #expect(["unavailable", "unknown_service"].contains(replies[1]["error"]?["code"]?.stringValue ?? ""))
        #expect(replies[1]["id"] == "second")
        #expect(replies[2]["error"]?["code"] == "unknown_op")
        #expect(replies[3]["error"]?["field"] == "requests[3].service")
    }

    @Test func batchValidatesItsOwnArguments() async throws {
        let stack = try await LocalStack.start()
        defer { stack.stop() }
        let empty = await #expect(throws: WireError.self) { try await stack.call("gateway", "batch", ["requests": []]) }
        #expect(empty?.field == "requests")
        let deadline = await #expect(throws: WireError.self) {
            try await stack.call(
                "gateway",
                "batch",
                ["requests": [["service": "calc", "op": "ops"]], "deadlineMs": "soon"]
            )
        }
        #expect(deadline?.field == "deadlineMs")
        // A sub-request the schema refuses refuses the batch: no service, an id that is not a string, U+0000 in its
        // id (it would come back in the replies).
        let malformed: [(JSONValue, String)] = [
            (["op": "ops"], "requests[1].service"),
            (["service": "calc", "op": "ops", "id": 7], "requests[1].id"),
            (["service": "calc", "op": "ops", "id": "a\u{0}"], "requests[1].id"),
        ]
        for (request, field) in malformed {
            let refused = await #expect(throws: WireError.self) {
                try await stack.call("gateway", "batch", ["requests": [["service": "calc", "op": "ops"], request]])
            }
            #expect(refused?.field == field)
        }
        // `2000.0` is a whole number of milliseconds.
        let batch = try await stack.call(
            "gateway",
            "batch",
            ["requests": [["service": "calc", "op": "ops"]], "deadlineMs": .number("2000.0")]
        )
        #expect(batch["replies"]?.arrayValue?.first?["ok"] == true)
        // `null`, as for any optional argument, is absent.
        let unbounded = try await stack.call(
            "gateway",
            "batch",
            ["requests": [["service": "calc", "op": "ops"]], "deadlineMs": .null]
        )
        #expect(unbounded["replies"]?.arrayValue?.first?["ok"] == true)
    }
}
