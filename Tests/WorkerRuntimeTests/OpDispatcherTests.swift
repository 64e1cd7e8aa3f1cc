import Logging
import Testing
import Wire
import WorkerRuntime

/// Requests in, reply bodies out: decoding, typed errors, `ops`, and which ops run in place.
/// The test service's ops: each takes numbers and answers `{"total": N}`.
private protocol SumContract: OpContract where Args == OpDispatcherTests.SumArgs, Result == [String: Int] {}

extension SumContract {
    static var service: String { "test" }
    static var argsSchema: JSONValue { ["type": "object", "properties": ["numbers": [:], "label": [:]]] }
    static var effect: OpEffect { .pure }
    static var example: OpExample { OpExample(args: ["numbers": [1, 2]], result: ["total": 3]) }
}

@Suite struct OpDispatcherTests {
    struct SumArgs: Codable, Sendable {
        var numbers: [Int]
        var label: String?
    }

    struct Refusal: WireErrorConvertible {
        var wireError: WireError { WireError(.failedPrecondition, "not today", field: "numbers") }
    }

    struct Crash: Error {}

    private enum Sum: SumContract { static let name = "sum", summary = "Adds numbers" }
    private enum BoundedSum: SumContract {
        static let name = "boundedSum", summary = "Adds up to three numbers in place, more as a task"
    }
    private enum SlowSum: SumContract { static let name = "slowSum", summary = "Adds numbers as a task" }
    private enum Refuse: SumContract { static let name = "refuse", summary = "Refuses" }
    private enum Fail: SumContract { static let name = "crash", summary = "Fails" }

    private static func total(_ args: SumArgs, _: OpContext) -> [String: Int] { ["total": args.numbers.reduce(0, +)] }

    private static func makeDispatcher() -> OpDispatcher {
        var registry = OpRegistry()
        registry.registerInline(Sum.self, handler: total)
        registry.registerInline(
            BoundedSum.self,
            plan: { $0 },
            when: { args in args.numbers.count <= 3 },
            handler: total
        )
        registry.register(SlowSum.self, handler: total)
        registry.register(Refuse.self) { _, _ in throw Refusal() }
        registry.register(Fail.self) { _, _ in throw Crash() }
        // The deadline only ends a failure here: the watcher keeps real time, and a test run's start can hold Swift's
        // pool (two threads on this machine) for seconds.
        return OpDispatcher(
            service: "test",
            registry: registry,
            requestTimeout: .seconds(60),
            logger: Logger(label: "test")
        )
    }

    private func reply(_ request: String) async throws -> JSONValue {
        try JSONValue(parsing: await Self.makeDispatcher().handle([Array(request.utf8)]))
    }

    @Test func inlineOpsRunInPlace() throws {
        let outcome = Self.makeDispatcher().dispatch([Array(#"{"op":"sum","id":"a","args":{"numbers":[1,2,3]}}"#.utf8)])
        guard case .replied(let body) = outcome else {
            Issue.record("an inline op should not need a task")
            return
        }
        let reply = try JSONValue(parsing: body)
        #expect(reply["id"] == "a")
        #expect(reply["result"]?["total"] == 6)
    }

    @Test func asyncOpsAreLeftForATask() async throws {
        let dispatcher = Self.makeDispatcher()
        guard
            case .pending(let pending) = dispatcher.dispatch([Array(#"{"op":"slowSum","args":{"numbers":[4,5]}}"#.utf8)]
            )
        else {
            Issue.record("an op registered with register must run as a task")
            return
        }
        #expect(try JSONValue(parsing: await dispatcher.finish(pending))["result"]?["total"] == 9)
    }

    @Test func aBoundedInlineOpRunsCheapRequestsInPlaceAndOthersAsTasks() async throws {
        let dispatcher = Self.makeDispatcher()
        let cheap = dispatcher.dispatch([Array(#"{"op":"boundedSum","args":{"numbers":[1,2,3]}}"#.utf8)])
        guard case .replied(let body) = cheap else {
            Issue.record("a cheap request should run in place")
            return
        }
        #expect(try JSONValue(parsing: body)["result"]?["total"] == 6)
        let costly = dispatcher.dispatch([Array(#"{"op":"boundedSum","args":{"numbers":[1,2,3,4]}}"#.utf8)])
        guard case .pending(let pending) = costly else {
            Issue.record("a costly request should be left for a task")
            return
        }
        #expect(try JSONValue(parsing: await dispatcher.finish(pending))["result"]?["total"] == 10)
    }

    @Test func missingArgumentNamesTheField() async throws {
        let error = try #require(try await reply(#"{"op":"sum","id":"b","args":{}}"#)["error"])
        #expect(error["code"] == "invalid_argument")
        #expect(error["field"] == "numbers")
    }

    @Test func wrongTypeNamesTheNestedField() async throws {
        let error = try #require(try await reply(#"{"op":"sum","args":{"numbers":[1,"two"]}}"#)["error"])
        #expect(error["code"] == "invalid_argument")
        #expect(error["field"] == "numbers[1]")
    }

    /// schemathesis sent a voucher with U+0000 to orders on PostgreSQL, which answered an internal storage error.
    @Test func aStringWithNULIsRefusedNamingItsField() async throws {
        let error = try #require(try await reply(#"{"op":"sum","args":{"numbers":[1],"label":"a\u0000b"}}"#)["error"])
        #expect(error["code"] == "invalid_argument")
        #expect(error["field"] == "label")
        // A member the op does not know is ignored unread, whatever its name holds.
        #expect(try await reply(#"{"op":"sum","args":{"numbers":[1],"x\u0000":1}}"#)["error"] == nil)
    }

    @Test func missingArgsDecodeAsAnEmptyObject() async throws {
        let error = try #require(try await reply(#"{"op":"sum"}"#)["error"])
        #expect(error["field"] == "numbers")
    }

    @Test func malformedBodiesAndUnknownOps() async throws {
        #expect(try await reply("not json")["error"]?["code"] == "malformed_request")
        #expect(try await reply(#"{"id":"x"}"#)["error"]?["code"] == "malformed_request")
        let unknown = try await reply(#"{"op":"nope","id":"c"}"#)
        #expect(unknown["error"]?["code"] == "unknown_op")
        #expect(unknown["error"]?["field"] == "op")
        #expect(unknown["id"] == "c")
    }

    @Test func thrownErrorsBecomeTypedReplies() async throws {
        let refused = try #require(try await reply(#"{"op":"refuse","args":{"numbers":[]}}"#)["error"])
        #expect(refused["code"] == "failed_precondition")
        #expect(refused["field"] == "numbers")
        let crashed = try #require(try await reply(#"{"op":"crash","args":{"numbers":[]}}"#)["error"])
        #expect(crashed["code"] == "internal")
    }

    @Test func opsListsEveryOpWithItsSchema() async throws {
        let result = try #require(try await reply(#"{"op":"ops"}"#)["result"])
        #expect(result["service"] == "test")
        let names = result["ops"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names == ["sum", "boundedSum", "slowSum", "refuse", "crash", "ops"])
        #expect(result["ops"]?.arrayValue?.allSatisfy { $0["schema"] != nil } == true)
    }
}
