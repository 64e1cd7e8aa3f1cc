/// One statement of a group of writes sent together (``SQLExecutor/write(_:)``), whose rows the caller does not
/// read. On PostgreSQL the group is one statement of data-modifying CTEs: a step is a CTE named ``name``, and a later
/// step of the group reads its `RETURNING` rows as `FROM name`.
///
/// ```swift
/// try await db.write([
///     WriteStep("bill", "INSERT INTO ledger_bills (id, ...) VALUES (\(id), ...)"),
///     WriteStep("parts", "INSERT INTO ledger_bill_parts (bill_id, ...) VALUES (\(id), ...)"),
/// ])
/// ```
public struct WriteStep: Sendable {
    /// The step's name: an SQL identifier, unique among the steps sent together.
    public let name: String
    /// The statement: an INSERT, UPDATE or DELETE, with `RETURNING` when ``unlessRow`` is set or a later step reads it.
    public let sql: SQL
    /// What to throw when the step returns no row (it needs a `RETURNING`); `nil` when any number will do.
    public let unlessRow: (any Error & Sendable)?

    public init(_ name: String, _ sql: SQL, unlessRow: (any Error & Sendable)? = nil) {
        self.name = name
        self.sql = sql
        self.unlessRow = unlessRow
    }
}

extension SQLExecutor {
    /// Runs `steps` one statement each, in order (what an engine without data-modifying CTEs does).
    /// - Throws: ``StorageError``, or the `unlessRow` error of the first step that returned no row.
    public func runEach(_ steps: [WriteStep]) async throws {
        for step in steps {
            let rows = try await query(step.sql)
            if rows.isEmpty, let error = step.unlessRow { throw error }
        }
    }
}
