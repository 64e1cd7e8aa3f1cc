import Foundation
import Synchronization
import Wire

/// A bounded load of keyed writes: `clients` tasks each make `callsEach` calls, each with its own idempotency key,
/// sending the same key again (as a client that lost its reply would) while the answer is `unavailable` or
/// `deadline_exceeded`, for up to `patience`. It counts what it saw, so a fault test can print and check it: every
/// write must land exactly once.
struct KeyedLoad: Sendable {
    var clients = 20
    var callsEach = 10
    var patience: Duration = .seconds(150)

    /// What a run saw.
    struct Counts: Sendable, CustomStringConvertible {
        var calls = 0
        var answered = 0
        var resends = 0
        var failures: [String: Int] = [:]
        var description: String {
            "\(calls) keyed calls, \(answered) answered, \(resends) sent again, transient errors \(failures)"
        }
    }

    /// Runs the load, `call(client, index, key)` making each write; `fault` runs beside it once a quarter of the
    /// calls are answered. Returns the counts.
    /// - Throws: the first error that is not transient, or a transient one past `patience`.
    func run(
        call: @escaping @Sendable (_ client: Int, _ index: Int, _ key: String) async throws -> Void,
        fault: @escaping @Sendable () async throws -> Void
    ) async throws -> Counts {
        let counts = Locked(Counts(calls: clients * callsEach))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for member in 0..<clients {
                group.addTask {
                    for index in 0..<callsEach {
                        try await send("load-c\(member)-\(index)", counts) { try await call(member, index, $0) }
                    }
                }
            }
            group.addTask {
                while counts.value.withLock({ $0.answered }) < clients * callsEach / 4 {
                    try await Task.sleep(for: .milliseconds(5))
                }
                try await fault()
            }
            try await group.waitForAll()
        }
        return counts.value.withLock { $0 }
    }

    /// Makes one keyed call, sending it again under its key while the answer is transient.
    private func send(_ key: String, _ counts: Locked<Counts>, _ call: (String) async throws -> Void) async throws {
        try await sendingAgain(for: patience) { code in
            counts.value.withLock {
                $0.resends += 1
                $0.failures[code.rawValue, default: 0] += 1
            }
        } _: {
            try await call(key)
        }
        counts.value.withLock { $0.answered += 1 }
    }
}

/// A value shared by a load's tasks.
final class Locked<Value: Sendable>: Sendable {
    let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
}
