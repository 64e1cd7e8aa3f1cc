import Storage
import Synchronization

/// Bounds how long a transaction waits for the pool to lend it a connection. PostgresNIO's pool keeps retrying a
/// server that is down, and a request would wait for it until its own deadline; this answers `unavailable` instead,
/// and a body that had not started by then never starts. Errors before the lease (the pool giving up) are
/// `unavailable` too.
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

        var isLeased: Bool { state.withLock { $0 == .leased } }
    }

    private enum Outcome<Result: Sendable>: Sendable {
        case finished(Result)
        case timerFired(timedOut: Bool)
    }

    /// Runs `lease(onLeased)` unless `onLeased` has not been called within `limit`.
    /// - Throws: ``Storage/StorageError`` (`unavailable`) on time-out or when leasing fails, else what `lease` throws.
    static func run<Result: Sendable>(
        limit: Duration,
        _ lease: @escaping @Sendable (_ onLeased: @escaping @Sendable () throws -> Void) async throws -> Result
    ) async throws -> Result {
        let state = Lease()
        return try await withThrowingTaskGroup(of: Outcome<Result>.self) { group in
            group.addTask {
                do {
                    return .finished(
                        try await lease {
                            if !state.advance(to: .leased) { throw CancellationError() }
                        }
                    )
                } catch  where !state.isLeased && !(error is CancellationError) {
                    throw StorageError(.unavailable, "cannot reach PostgreSQL", underlying: error)
                }
            }
            group.addTask {
                try await Task.sleep(for: limit)
                return .timerFired(timedOut: state.advance(to: .timedOut))
            }
            defer { group.cancelAll() }
            while let outcome = try await group.next() {
                switch outcome {
                case .finished(let result): return result
                case .timerFired(timedOut: true):
                    throw StorageError(.unavailable, "no PostgreSQL connection within \(limit)")
                case .timerFired(timedOut: false): continue
                }
            }
            throw CancellationError()
        }
    }
}
