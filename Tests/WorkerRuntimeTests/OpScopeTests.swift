import Logging
import Synchronization
import Testing
import Wire
import WorkerRuntime

/// Ops registered in a scope get its typed context, and are decoded before the scope opens.
@Suite struct OpScopeTests {
    private enum Double: OpContract {
        static let service = "test", name = "double", summary = "Doubles a number in the scope's context"
        static let effect = OpEffect.pure
        static let example = OpExample(args: ["n": 2], result: ["n": 4, "by": "tester"])
        static let argsSchema: JSONValue = [
            "type": "object", "required": ["n"], "properties": ["n": ["type": "integer"]],
        ]
        struct Args: Codable, Sendable { var n: Int }
        struct Result: Codable, Sendable {
            var n: Int
            var by: String
        }
    }

    /// A scope that counts how often it was opened and hands its ops who opened it.
    private final class CountingScope: OpScope {
        let opened = Mutex(0)

        func run(
            _ request: OpRequest,
            _ body: @escaping @Sendable (String) async throws -> OpResponse
        ) async throws
            -> OpResponse
        {
            opened.withLock { $0 += 1 }
            return try await body("scope of \(request.context.op)")
        }
    }

    @Test func aHandlerGetsTheScopesContextAndAMalformedRequestNeverOpensIt() async throws {
        let scope = CountingScope()
        var registry = OpRegistry()
        registry.register(Double.self, in: scope) { args, openedBy in Double.Result(n: args.n * 2, by: openedBy) }
        // A bound that only ends a failure (see OpDispatcherTests).
        let dispatcher = OpDispatcher(
            service: "test",
            registry: registry,
            requestTimeout: .seconds(60),
            logger: Logger(label: "test")
        )

        let good = try JSONValue(parsing: await dispatcher.handle([Array(#"{"op":"double","args":{"n":21}}"#.utf8)]))
        #expect(good["result"] == ["by": "scope of double", "n": 42])
        let bad = try JSONValue(parsing: await dispatcher.handle([Array(#"{"op":"double","args":{"n":"x"}}"#.utf8)]))
        #expect(bad["error"]?["code"] == "invalid_argument")
        #expect(bad["error"]?["field"] == "n")
        #expect(scope.opened.withLock { $0 } == 1)
    }
}
