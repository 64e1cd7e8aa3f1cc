/// The op outlived its deadline; its task was cancelled.
struct DeadlineExceeded: Error {}

/// Runs `operation` until `deadline`, then cancels it.
/// - Throws: ``DeadlineExceeded`` when the deadline came first (after the cancelled operation has returned), or
///   what `operation` throws.
func withDeadline<Result: Sendable>(
    _ deadline: ContinuousClock.Instant,
    _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    try await withThrowingTaskGroup(of: Result?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try? await Task.sleep(until: deadline, clock: .continuous)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let result = first else { throw DeadlineExceeded() }
        return result
    }
}
