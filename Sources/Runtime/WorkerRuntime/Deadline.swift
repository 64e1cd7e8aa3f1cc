import Synchronization

/// The op outlived its deadline; its task was cancelled.
struct DeadlineExceeded: Error {
    /// Whether `onOverdue` was called, so the request has had its answer.
    var answered = false
}

/// Runs `operation` until `deadline`, then cancels it. An operation that has not returned `grace` after its
/// cancellation (one stuck somewhere deaf to cancellation) gets `onOverdue` called once, so its request can be
/// answered at once; the call still waits for the operation to return, so a stuck operation never has a successor
/// running beside it.
/// - Throws: ``DeadlineExceeded`` when the deadline came first, or what `operation` throws.
func withDeadline<Result: Sendable>(
    _ deadline: ContinuousClock.Instant,
    grace: Duration,
    onOverdue: @escaping @Sendable () -> Void,
    _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    let finish = FirstFinish()
    let task = Task {
        defer { _ = finish.claim(by: .operation) }
        return try await operation()
    }
    let watch = Task { () -> Lateness in
        do { try await Task.sleep(until: deadline, clock: .continuous) } catch { return .inTime }
        // Which came first, not what time it is now: a watch that runs late must not fail an op that returned.
        guard finish.claim(by: .deadline) else { return .inTime }
        task.cancel()
        do { try await Task.sleep(for: grace) } catch { return .late }
        onOverdue()
        return .overdue
    }
    let outcome = await withTaskCancellationHandler {
        await task.result
    } onCancel: {
        task.cancel()
    }
    // Cancelled now, the watch cannot call `onOverdue` after it has told how late the operation was.
    watch.cancel()
    switch await watch.value {
    case .inTime: return try outcome.get()
    case .late: throw DeadlineExceeded()
    case .overdue: throw DeadlineExceeded(answered: true)
    }
}

/// How an operation ended against its deadline.
private enum Lateness {
    case inTime, late, overdue
}

/// Whichever of the operation's return and its deadline comes first.
private final class FirstFinish: Sendable {
    enum Side: UInt8 {
        case operation = 1
        case deadline
    }

    private let winner = Atomic<UInt8>(0)

    /// Records `side` as first unless the other side was; returns whether `side` is first.
    func claim(by side: Side) -> Bool {
        let (exchanged, original) = winner.compareExchange(
            expected: 0,
            desired: side.rawValue,
            ordering: .sequentiallyConsistent
        )
        return exchanged || original == side.rawValue
    }
}
