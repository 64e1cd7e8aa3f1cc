import Foundation

/// Runs blocking socket loops on threads of their own, outside Swift's cooperative pool.
public enum DedicatedThread {
    /// Runs `body` on a new thread named `name` and returns (or throws) when it ends.
    ///
    /// Linux keeps the first 15 bytes of a thread name; keep names short (`gateway-loop`, `worker-slot-3`).
    ///
    /// The body owns whatever sockets it creates; stop it through a ``WakeupPipe`` or ``ZMQContext/shutdown()``.
    public static func run(name: String, _ body: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                // Named from inside: Foundation on Linux ignores a name set before `start()`.
                Thread.current.name = String(name.utf8.prefix(15))!
                do {
                    try body()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.start()
        }
    }
}
