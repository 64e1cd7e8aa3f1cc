/// A fixed set of resources (database connections) handed out one caller at a time, first come first served.
public actor ResourcePool<Resource: Sendable> {
    private let total: Int
    private var idle: [Resource]
    private var waiters: [CheckedContinuation<Resource, Never>] = []

    /// - Parameter resources: the resources to share; at least one.
    public init(_ resources: [Resource]) {
        precondition(!resources.isEmpty, "a pool needs at least one resource")
        total = resources.count
        idle = resources
    }

    /// Runs `body` with a resource of its own, returned to the pool when `body` ends.
    /// - Throws: what `body` throws; `CancellationError` when the task was cancelled while it waited.
    public nonisolated func withResource<Result: Sendable>(
        _ body: (Resource) async throws -> Result
    ) async throws -> Result {
        let resource = await lease()
        do {
            try Task.checkCancellation()
            let result = try await body(resource)
            await release(resource)
            return result
        } catch {
            await release(resource)
            throw error
        }
    }

    /// Every resource, once each has come back; for closing them at shutdown.
    public func takeAll() async -> [Resource] {
        var taken: [Resource] = []
        while taken.count < total { taken.append(await lease()) }
        return taken
    }

    private func lease() async -> Resource {
        if let resource = idle.popLast() { return resource }
        return await withCheckedContinuation { waiters.append($0) }
    }

    private func release(_ resource: Resource) {
        if waiters.isEmpty {
            idle.append(resource)
        } else {
            waiters.removeFirst().resume(returning: resource)
        }
    }
}
