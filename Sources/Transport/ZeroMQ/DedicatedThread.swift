import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs blocking socket loops on threads of their own, outside Swift's cooperative pool.
public enum DedicatedThread {
    /// Runs `body` on a new thread named `name` and returns (or throws) when it ends.
    ///
    /// Linux keeps the first 15 bytes of a thread name; keep names short (`gateway-loop`, `worker-loop`).
    ///
    /// The body owns whatever sockets it creates; stop it through a ``WakeupPipe`` or ``ZMQContext/shutdown()``.
    public static func run(name: String, _ body: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                nameCurrentThread(name)
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

/// Names the calling thread for debuggers and `top -H`. Foundation on Linux ignores a name set before `start()`
/// and Swift's Glibc module hides `pthread_setname_np`, so the name goes to `/proc/thread-self/comm`, which keeps
/// at most 15 bytes. Naming is best effort: where that file is missing, the thread stays unnamed.
private func nameCurrentThread(_ name: String) {
    #if os(Linux)
    let descriptor = open("/proc/thread-self/comm", O_WRONLY)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(name.utf8.prefix(15))
    _ = write(descriptor, bytes, bytes.count)
    #endif
}
