import DeadlineWatch
import PostgresNIO
import Storage
import Synchronization

/// Bounds how long a transaction waits for the pool to lend it a connection. PostgresNIO's pool keeps retrying a
/// server that is down, and a request would wait for it until its own deadline; this answers `unavailable` instead.
/// Errors before the lease (the pool giving up) are `unavailable` too. The time limit is an entry on a
/// ``DeadlineWatcher``, not a timer task.
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

    /// A connection of `client`, held for the shelf (``ConnectionShelf/Lent/hold(from:claim:handed:)``), unless
    /// none is lent within `limit` or the caller is cancelled first; a connection lent too late goes back at once.
    /// - Throws: ``Storage/StorageError`` (`unavailable`) on time-out or when leasing fails; `CancellationError`.
    static func lend(
        from client: PostgresClient,
        limit: Duration,
        watcher: DeadlineWatcher = .shared
    ) async throws -> ConnectionShelf.Lent {
        let state = Lease()
        let holder = Mutex<Task<Void, Never>?>(nil)
        // Once timed out (or cancelled), the holding task is cancelled, whichever of the two comes first.
        let giveUp: @Sendable () -> Void = {
            _ = state.advance(to: .timedOut)
            if state.current == .timedOut { holder.withLock { $0 }?.cancel() }
        }
        let timer = watcher.schedule(at: .now + limit, giveUp)
        let outcome: Result<ConnectionShelf.Lent, any Error> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer = Mutex(Optional(continuation))
                let task = ConnectionShelf.Lent.hold(from: client, claim: { state.advance(to: .leased) }) { outcome in
                    answer.withLock { $0.take() }?.resume(returning: outcome)
                }
                holder.withLock { $0 = task }
                if state.current == .timedOut { task.cancel() }
            }
        } onCancel: {
            giveUp()
        }
        watcher.cancel(timer)
        switch (state.current, outcome) {
        case (.leased, .success(let lent)): return lent
        case (.timedOut, _) where Task.isCancelled: throw CancellationError()
        case (.timedOut, _): throw StorageError(.unavailable, "no PostgreSQL connection within \(limit)")
        case (_, .failure(let error)): throw StorageError(.unavailable, "cannot reach PostgreSQL", underlying: error)
        case (_, .success): throw StorageError(.unavailable, "cannot reach PostgreSQL")
        }
    }
}
