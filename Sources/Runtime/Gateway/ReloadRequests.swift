import Synchronization

/// Reload requests from any thread (a SIGHUP handler, say), noticed by the gateway loop on its next turn: within
/// one tick interval.
final class ReloadRequests: Sendable {
    private let count = Atomic<Int>(0)

    /// Asks for a reload.
    func request() { _ = count.wrappingAdd(1, ordering: .relaxed) }

    /// How many reloads were asked for so far; the loop reloads when it changed.
    var generation: Int { count.load(ordering: .relaxed) }
}
