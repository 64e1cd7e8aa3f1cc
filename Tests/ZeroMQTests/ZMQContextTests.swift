import ZeroMQ
import Foundation
import Testing

@Suite struct ZMQContextTests {
    /// The test shuts the context down only once it has seen the other thread asleep in libzmq's receive, so what it
    /// checks never depends on which thread the scheduler runs first.
    @Test func shutdownMakesABlockedReceiveOnAnotherThreadThrowContextTerminated() async throws {
        let context = try ZMQContext()
        let receiver = LockedValue<String?>(nil)
        let shutDown = WakeupFlag()
        async let blocked: Void = DedicatedThread.run(name: "blocked-receive") {
            let socket = try ZMQSocket(context: context, type: .pull)
            defer { socket.close() }
            // No race: a receive that times out before the shutdown is simply made again. The timeout only ends the
            // test when the receive under way at the shutdown, or one made after it, does not throw.
            try socket.setReceiveTimeout(milliseconds: 60_000)
            try socket.bind("inproc://blocked")
            receiver.set(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))
            while try socket.receive() == nil, !shutDown.isSet {}
        }
        if let last = await Self.waitUntilAsleepInPoll(receiver) {
            Issue.record("the receiving thread was never seen asleep in a poll; last /proc syscall: \(last)")
        }
        context.shutdown()
        shutDown.set()
        do {
            try await blocked
            Issue.record("the receive under way at the shutdown returned instead of throwing ETERM")
        } catch let error as ZMQError {
            #expect(error.isContextTerminated)
            #expect(error.function == "zmq_msg_recv")
        }
        withExtendedLifetime(context) {}
    }

    /// The system calls libzmq's blocking receive sleeps in (`poll`, `ppoll`); `nil`, any call, where unknown.
    #if arch(x86_64)
    private static let pollCalls: Set<Int>? = [7, 271]
    #elseif arch(arm64)
    private static let pollCalls: Set<Int>? = [73]
    #else
    private static let pollCalls: Set<Int>? = nil
    #endif

    /// Waits until the thread `receiver` names (`PID/task/TID`, from `/proc/thread-self`) sleeps in a poll, as a
    /// thread blocked in `zmq_msg_recv` does: `/proc/PID/task/TID/syscall` shows `running` while it runs and the
    /// number of the call it sleeps in while it sleeps. The bound only ends a test whose thread never blocks.
    /// - Returns: `nil` once it sleeps in a poll; what `syscall` last said if it never did.
    private static func waitUntilAsleepInPoll(_ receiver: LockedValue<String?>) async -> String? {
        let giveUp = ContinuousClock.now + .seconds(60)
        var last = "nothing"
        while ContinuousClock.now < giveUp {
            if let thread = receiver.value {
                last = (try? String(contentsOfFile: "/proc/\(thread)/syscall", encoding: .utf8)) ?? "unreadable"
                if let call = last.split(separator: " ").first.flatMap({ Int($0) }),
                    pollCalls.map({ $0.contains(call) }) ?? (call >= 0)
                {
                    return nil
                }
            }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return last
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

/// A value set on one thread and read on another.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // Invariant: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value { lock.withLock { stored } }
}
