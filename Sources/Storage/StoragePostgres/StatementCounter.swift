import Synchronization

/// How many statements a database's executors have sent to the server (each one round trip), BEGIN and COMMIT
/// included; ``PostgresDatabase/statementsSent`` reads it.
final class StatementCounter: Sendable {
    private let count = Atomic(0)

    func add() {
        count.add(1, ordering: .relaxed)
    }

    var value: Int {
        count.load(ordering: .relaxed)
    }
}
