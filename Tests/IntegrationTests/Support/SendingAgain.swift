import Wire

/// Makes a keyed call, and makes it again (the caller keeps the same idempotency key) while the answer is transient
/// (`unavailable`, `deadline_exceeded`) and `patience` lasts, as a client that lost its reply would. `resent` hears
/// the code of each answer that made it send again.
/// - Throws: the first error that is not transient, or a transient one past `patience`.
func sendingAgain<T: Sendable>(
    for patience: Duration,
    resent: (WireError.Code) -> Void,
    _ call: () async throws -> T
) async throws -> T {
    let deadline = ContinuousClock.now + patience
    while true {
        do {
            return try await call()
        } catch let error as WireError
            where [.unavailable, .deadlineExceeded].contains(error.code) && ContinuousClock.now < deadline
        {
            resent(error.code)
            try await Task.sleep(for: .milliseconds(200))
        }
    }
}
