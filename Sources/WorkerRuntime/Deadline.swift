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
    let task = Task { try await operation() }
    let watch = Task { () -> Lateness in
        do { try await Task.sleep(until: deadline, clock: .continuous) } catch { return .inTime }
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
