import Synchronization
import ZeroMQ

extension DedicatedThread {
    /// Runs `body` on a new thread named `name` and returns its value, so sockets it opens never leave that thread.
    /// - Throws: what `body` throws.
    static func value<Value: Sendable>(
        name: String,
        _ body: @escaping @Sendable () throws -> Value
    ) async throws -> Value {
        let box = ValueBox<Value>()
        try await run(name: name) { box.store(try body()) }
        return box.take()
    }
}

/// Carries a thread's result back to the awaiting task.
private final class ValueBox<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)

    func store(_ newValue: Value) {
        value.withLock { $0 = newValue }
    }

    func take() -> Value {
        guard let result = value.withLock({ $0 }) else { preconditionFailure("the thread ended without a value") }
        return result
    }
}
