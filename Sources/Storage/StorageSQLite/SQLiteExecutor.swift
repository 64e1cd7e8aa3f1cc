import Storage
import Synchronization

/// Runs one transaction's statements on its leased connection; refuses every statement once the transaction ends.
final class SQLiteExecutor: SQLExecutor {
    let engine = DatabaseEngine.sqlite
    private let connection: SQLiteConnection
    private let isOpen = Atomic(true)
    /// What runs once the transaction has committed.
    let commitActions = CommitActions()

    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    func invalidate() {
        isOpen.store(false, ordering: .relaxed)
    }

    let lockingRead: SQL = ""

    func afterCommit(_ action: @escaping @Sendable () -> Void) {
        commitActions.append(action)
    }

    @discardableResult
    func query(_ sql: SQL) async throws -> [SQLRow] {
        let (text, values) = sql.rendered { _ in "?" }
        return try run(text, values)
    }

    func write(_ steps: [WriteStep]) async throws {
        try await runEach(steps)
    }

    /// Runs `text` at once, on the calling thread.
    @discardableResult
    func run(_ text: String, _ values: [SQLValue] = []) throws -> [SQLRow] {
        guard isOpen.load(ordering: .relaxed) else {
            throw StorageError(.misuse, "a statement ran after its transaction ended")
        }
        do {
            return try connection.execute(text, values)
        } catch let failure as SQLiteFailure {
            throw StorageError(failure)
        }
    }
}
