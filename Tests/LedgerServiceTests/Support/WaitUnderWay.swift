import LedgerService

/// Starts `call` (a long poll) and returns its task once `feed` has a wait on `key` under way, or once the call has
/// ended without one (answered or failed): a write made after it is one the wait must be woken by. No polling.
func waitUnderWay<Result: Sendable>(
    _ feed: ActivityFeed,
    on key: String,
    _ call: @escaping @Sendable () async throws -> Result
) async -> Task<Result, any Error> {
    let arrival = Task { await feed.waitArrives(on: key) }
    let task = Task {
        defer { arrival.cancel() }
        return try await call()
    }
    await arrival.value
    return task
}
