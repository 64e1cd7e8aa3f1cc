import Synchronization

/// What a transaction runs once it has committed (``SQLExecutor/afterCommit(_:)``): kept by the executor, run by
/// the engine after `COMMIT` succeeds, dropped when the transaction rolls back.
public final class CommitActions: Sendable {
    private let actions = Mutex<[@Sendable () -> Void]>([])

    public init() {}

    /// Keeps `action` for ``runAll()``.
    public func append(_ action: @escaping @Sendable () -> Void) {
        actions.withLock { $0.append(action) }
    }

    /// Runs the kept actions in the order they were added, once: call it after the commit.
    public func runAll() {
        for action in actions.withLock({ actions in
            defer { actions = [] }
            return actions
        }) { action() }
    }
}
