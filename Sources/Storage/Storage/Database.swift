/// The two engines Reckon stores state in.
public enum DatabaseEngine: String, Sendable {
    /// One file on one machine; the embedded default.
    case sqlite
    /// A shared server, for workers on several machines.
    case postgres
}

/// Runs statements inside one transaction. Valid only inside the closure it was handed to: the transaction ends
/// when the closure returns, and using the executor afterwards is a programmer error.
public protocol SQLExecutor: Sendable {
    /// The engine behind this executor, for the rare statement that differs between them.
    var engine: DatabaseEngine { get }

    /// Runs one statement and returns its rows (none for a statement without `RETURNING`).
    /// - Throws: ``StorageError``.
    @discardableResult
    func query(_ sql: SQL) async throws -> [SQLRow]

    /// Runs writes whose rows the caller does not read, in order, atomically within the write. PostgreSQL sends them
    /// as one statement (each a data-modifying CTE, so no row may be changed by two of them); in a
    /// ``Database/batchedWrite(_:)`` it keeps them and sends them with the write's other steps once the body
    /// returns. SQLite runs them one by one (``runEach(_:)``).
    /// - Throws: ``StorageError``, or the `unlessRow` error of a step that returned no row.
    func write(_ steps: [WriteStep]) async throws

    /// Runs `action` once the transaction has committed, on the committing task; never when it rolls back. For
    /// news of a change that others must not hear before they can read it (waking the tasks that wait for it).
    func afterCommit(_ action: @escaping @Sendable () -> Void)

    /// What to end a SELECT with so that the rows it reads stay locked against other writers until the transaction
    /// ends: ` FOR UPDATE` in a PostgreSQL transaction; nothing in a batched write's reads (each its own
    /// transaction, so a lock would end with the statement and only cost a commit) or on SQLite (whose write
    /// transactions hold the whole database).
    var lockingRead: SQL { get }
}

/// A database: SQLite or PostgreSQL behind one interface.
///
/// Every access is one transaction, given as a closure; the connection never escapes it. `write` commits when the
/// closure returns and rolls back when it throws; a transaction the engine aborts to stay serializable is run
/// again, a few times, so the closure must have no effect outside the database.
///
/// ```swift
/// let count = try await database.write { db in
///     try await db.query("UPDATE cart_lines SET quantity = quantity + 1 WHERE id = \(lineID) RETURNING quantity")
/// }
/// ```
public protocol Database: Sendable {
    var engine: DatabaseEngine { get }

    /// Runs `body` in a read-only view of the database.
    /// - Throws: ``StorageError``, or what `body` throws.
    func read<Result: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> Result) async throws -> Result

    /// Runs `body` in a write transaction.
    /// - Throws: ``StorageError``, or what `body` throws (the transaction is rolled back).
    func write<Result: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> Result) async throws -> Result

    /// Runs `body` as a write in two parts: its reads, then every ``SQLExecutor/write(_:)`` it made, atomically.
    /// PostgreSQL runs the reads as they come (autocommit, no BEGIN) and sends all the writes as one statement when
    /// `body` returns, which is its own transaction: two round trips for a body with one read. Only steps may write
    /// (a data-modifying `query` is refused), and a row may be changed by one step only. Under read committed a
    /// transaction would not hold what the reads saw either (each statement takes its own snapshot), so the writes
    /// must say what they need (conflict clauses, `unlessRow`); a write whose step finds a row changed since its read
    /// fails with ``StorageError/Code/lostRace``, and is then run once more as a ``write(_:)`` transaction, whose
    /// ``SQLExecutor/lockingRead`` reads hold their rows. SQLite runs it as ``write(_:)``.
    /// - Throws: ``StorageError``, or what `body` or a step throws (nothing is written).
    func batchedWrite<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result
}

extension Database {
    /// A write transaction (``write(_:)``), for engines whose round trips cost nothing.
    public func batchedWrite<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        try await write(body)
    }
}

/// A database that tells every process connected to it of a change, when it commits: PostgreSQL's `NOTIFY`
/// (`SELECT pg_notify(channel, payload)` in the transaction), heard by `LISTEN`.
public protocol ChangeNotifying: Database {
    /// Listens on `channel` until the task is cancelled, handing each notification's payload to `received`. A lost
    /// connection is replaced (tried once a second); since what was sent meanwhile is lost, `resumed` is called
    /// each time listening starts, the first time included.
    func listen(
        on channel: String,
        received: @escaping @Sendable (String) -> Void,
        resumed: @escaping @Sendable () -> Void
    ) async
}
