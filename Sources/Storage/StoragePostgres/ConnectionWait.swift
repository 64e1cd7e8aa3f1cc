import DeadlineWatch
import Storage
import Synchronization

/// Bounds how long a transaction waits for the pool to lend it a connection. PostgresNIO's pool keeps retrying a
/// server that is down, and a request would wait for it until its own deadline; this answers `unavailable` instead,
/// and a body that had not started by then never starts. Errors before the lease (the pool giving up) are
/// `unavailable` too. The time limit is an entry on a ``DeadlineWatcher``, not a timer task.
enum ConnectionWait {
    /// Where one lease stands; the lease and the timer race to move it on from `waiting`.
    private final class Lease: Sendable {
        enum State {
            case waiting, leased, timedOut
        }

        private let state = Mutex(State.waiting)

        /// Moves from `waiting` to `next`; false when the other side got there first.
        func advance(to next: State) -> Bool {
            state.withLock { state in
                guard state == .waiting else { return false }
                state = next
                return true
            }
        }

        var current: State { state.withLock { $0 } }
    }

    /// Runs `lease(onLeased)` unless `onLeased` has not been called within `limit`. Returns when `lease` has
    /// returned, time-out or not.
    /// - Throws: ``Storage/StorageError`` (`unavailable`) on time-out or when leasing fails, else what `lease` throws.
    static func run<Result: Sendable>(
        limit: Duration,
        watcher: DeadlineWatcher = .shared,
        _ lease: @escaping @Sendable (_ onLeased: @escaping @Sendable () throws -> Void) async throws -> Result
    ) async throws -> Result {
        let state = Lease()
        let task = Task {
            try await lease {
                if !state.advance(to: .leased) { throw CancellationError() }
            }
        }
        let timer = watcher.schedule(at: .now + limit) {
            if state.advance(to: .timedOut) { task.cancel() }
        }
        let outcome = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            task.cancel()
        }
        watcher.cancel(timer)
        switch (state.current, outcome) {
        case (.timedOut, _): throw StorageError(.unavailable, "no PostgreSQL connection within \(limit)")
        case (_, .success(let result)): return result
        case (.waiting, .failure(let error)) where !(error is CancellationError):
            throw StorageError(.unavailable, "cannot reach PostgreSQL", underlying: error)
        case (_, .failure(let error)): throw error
        }
    }
}
