import ZeroMQ
import Foundation
import Testing

@Suite struct ZMQContextTests {
    @Test func shutdownMakesABlockedReceiveOnAnotherThreadThrowContextTerminated() async throws {
        let context = try ZMQContext()
        let bound = WakeupFlag()
        async let blocked: Void = DedicatedThread.run(name: "blocked-receive") {
            let socket = try ZMQSocket(context: context, type: .pull)
            defer { socket.close() }
            // Bounds the test: each receive gives up after 500 ms with `nil`, and ten of those fail the test. Once in
            // some thirty loaded full-suite runs, a single receive blocked at shutdown time timed out instead of
            // throwing, so one late wake-up is tolerated; a shutdown that never reaches the thread still fails.
            try socket.setReceiveTimeout(milliseconds: 500)
            try socket.bind("inproc://blocked")
            bound.set()
            for _ in 0..<10 { _ = try socket.receive() }
        }
        while !bound.isSet { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(50))  // let the thread enter zmq_msg_recv
        context.shutdown()
        do {
            try await blocked
            Issue.record("ten receives returned instead of throwing ETERM")
        } catch let error as ZMQError {
            #expect(error.isContextTerminated)
            #expect(error.function == "zmq_msg_recv")
        }
        withExtendedLifetime(context) {}
    }

    @Test func socketsCannotBeMadeAfterShutdown() throws {
        let context = try ZMQContext()
        context.shutdown()
        let error = try #require(throws: ZMQError.self) { try ZMQSocket(context: context, type: .dealer) }
        #expect(error.isContextTerminated)
    }

    @Test func reportsTheLinkedLibrary() {
        let parts = ZMQContext.libraryVersion.split(separator: ".")
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { Int($0) != nil })
        #expect(parts.first == "4")
        #expect(ZMQContext.has("curve"))
        #expect(!ZMQContext.has("no-such-capability"))
    }

    @Test func dedicatedThreadReturnsWhenTheBodyEnds() async throws {
        let finished = WakeupFlag()
        try await DedicatedThread.run(name: "reckon-test") {
            usleep(20_000)
            finished.set()
        }
        #expect(finished.isSet)
    }

    @Test func dedicatedThreadCarriesItsName() async throws {
        let named = WakeupFlag()
        try await DedicatedThread.run(name: "reckon-test") {
            let name = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
            if name?.trimmingCharacters(in: .newlines) == "reckon-test" { named.set() }
        }
        #expect(named.isSet)
    }

    @Test func dedicatedThreadRethrows() async throws {
        await #expect(throws: ZMQError(code: ZMQError.invalidArgument, function: "test")) {
            try await DedicatedThread.run(name: "failing") {
                throw ZMQError(code: ZMQError.invalidArgument, function: "test")
            }
        }
    }
}

/// A flag set once on one thread and read on another.
final class WakeupFlag: @unchecked Sendable {
    // Invariant: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
