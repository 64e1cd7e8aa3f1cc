import DeadlineWatch
import Synchronization

/// The op outlived its deadline; its task was cancelled.
struct DeadlineExceeded: Error {
    /// Whether `onOverdue` was called, so the request has had its answer.
    var answered = false
}

/// Runs `operation` until `deadline`, then cancels it. An operation that has not returned `grace` after its
/// cancellation (one stuck somewhere deaf to cancellation) gets `onOverdue` called once, so its request can be
/// answered at once; the call still waits for the operation to return, so a stuck operation never has a successor
/// running beside it. The deadline and the grace are entries on `watcher`, not tasks of their own.
/// - Throws: ``DeadlineExceeded`` when the deadline came first, or what `operation` throws.
func withDeadline<Result: Sendable>(
    _ deadline: ContinuousClock.Instant,
    grace: Duration,
    onOverdue: @escaping @Sendable () -> Void,
    watcher: DeadlineWatcher = .shared,
    _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    let lateness = LatenessState()
    let task = Task {
        defer { lateness.end() }
        return try await operation()
    }
    let entry = watcher.schedule(at: deadline) {
        // Which came first, not what time it is now: a watch that runs late must not fail an op that returned.
        guard lateness.passDeadline() else { return }
        task.cancel()
        // Left to fire even when the operation ends first: it then finds the state ended and does nothing.
        watcher.schedule(at: .now + grace) { lateness.callOverdue(onOverdue) }
    }
    let outcome = await withTaskCancellationHandler {
        await task.result
    } onCancel: {
        task.cancel()
    }
    watcher.cancel(entry)
    switch lateness.ended {
    case .inTime: return try outcome.get()
    case .late: throw DeadlineExceeded()
    case .overdue: throw DeadlineExceeded(answered: true)
    }
}

/// How an operation ended against its deadline.
private enum Lateness {
    case inTime, late, overdue
}

/// Where one operation stands against its deadline; the operation's return and the watcher's entries race to move
/// it on.
private final class LatenessState: Sendable {
    private enum State {
        case running, cancelled, overdue
        case ended(Lateness)
    }

    private let state = Mutex(State.running)

    /// Moves a running operation past its deadline; false when it has ended first.
    func passDeadline() -> Bool {
        state.withLock { state in
            guard case .running = state else { return false }
            state = .cancelled
            return true
        }
    }

    /// Calls `onOverdue` for an operation cancelled at its deadline and still running; the operation's end waits
    /// for the call.
    func callOverdue(_ onOverdue: () -> Void) {
        state.withLock { state in
            guard case .cancelled = state else { return }
            state = .overdue
            onOverdue()
        }
    }

    /// Records the operation's return, as it returns: from then on, `onOverdue` is never called.
    func end() {
        state.withLock { state in
            switch state {
            case .running: state = .ended(.inTime)
            case .cancelled: state = .ended(.late)
            case .overdue: state = .ended(.overdue)
            case .ended: break
            }
        }
    }

    /// How late the operation was; read after it has returned.
    var ended: Lateness {
        state.withLock { state in
            guard case .ended(let lateness) = state else { return .inTime }
            return lateness
        }
    }
}
