import Logging
import Synchronization
import Testing
import Wire
import WorkerRuntime

/// An op stuck past its deadline, deaf to cancellation, is answered without it; its call ends only with the op, and
/// never answers twice.
/// An op that waits for a gate the test opens.
private enum Stuck: OpContract {
    static let service = "test", name = "stuck", summary = "Waits for the gate"
    static let argsSchema = NoArgs.jsonSchema
    static let effect = OpEffect.pure
    static let example = OpExample(args: [:], result: [:])
    typealias Args = NoArgs
    typealias Result = [String: Int]
}

@Suite struct OverdueOpTests {
    /// A wait that ignores cancellation, until ``open()``.
    final class Gate: Sendable {
        private let state = Mutex<(opened: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

        func wait() async {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    if !state.opened { state.waiter = continuation }
                    return state.opened
                }
                if resumeNow { continuation.resume() }
            }
        }

        func open() {
            state.withLock { state in
                state.opened = true
                return state.waiter.take()
            }?.resume()
        }
    }

    @Test func anOpDeafToCancellationIsAnsweredAtItsDeadlineAndItsCallEndsWithIt() async throws {
        let gate = Gate()
        var registry = OpRegistry()
        registry.register(Stuck.self) { _, _ in
            await gate.wait()
            return ["done": 1]
        }
        let dispatcher = OpDispatcher(
            service: "test",
            registry: registry,
            requestTimeout: .milliseconds(50),
            logger: Logger(label: "test")
        )
        guard case .pending(let pending) = dispatcher.dispatch([Array(#"{"op":"stuck","id":"1","args":{}}"#.utf8)])
        else {
            Issue.record("stuck did not run as a task")
            return
        }
        let (overdue, overdueSink) = AsyncStream.makeStream(of: [UInt8].self)
        async let finished = dispatcher.finish(pending) { overdueSink.yield($0) }
        var replies = overdue.makeAsyncIterator()
        let early = try JSONValue(parsing: try #require(await replies.next()))
        #expect(early["id"] == "1" && early["error"]?["code"] == "deadline_exceeded")
        gate.open()
        let last = await finished
        #expect(last == nil, "the request was answered twice")
    }
}
