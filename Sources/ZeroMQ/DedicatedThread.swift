import Foundation

/// Runs blocking socket loops on threads of their own, outside Swift's cooperative pool.
public enum DedicatedThread {
    /// Runs `body` on a new thread named `name` and returns (or throws) when it ends.
    ///
    /// The body owns whatever sockets it creates; stop it through a ``WakeupPipe`` or ``ZMQContext/shutdown()``.
    public static func run(name: String, _ body: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                do {
                    try body()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = name
            thread.start()
        }
    }
}
