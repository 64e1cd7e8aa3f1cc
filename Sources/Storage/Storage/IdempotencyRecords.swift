/// The idempotency table: (service, op, key) to the stored result and a digest of the arguments, written in the
/// same transaction as the write it remembers.
///
/// A write with a key first *claims* the key (an insert that does nothing when the key exists). The claim that
/// wins runs the write and stores its result before commit; a concurrent claim waits for that commit (PostgreSQL
/// holds it on the row, SQLite on the write lock) and then finds the stored result. So the effect happens once and
/// every retry gets the first result.
public enum IdempotencyRecords {
    /// The table's migration; every stateful service lists it among its own steps.
    public static let migration = Migration(
        "000-idempotency",
        [
            """
            CREATE TABLE IF NOT EXISTS reckon_idempotency (
                service TEXT NOT NULL, op TEXT NOT NULL, key TEXT NOT NULL,
                args_digest TEXT NOT NULL, result TEXT, created_at BIGINT NOT NULL,
                PRIMARY KEY (service, op, key))
            """,
            "CREATE INDEX IF NOT EXISTS reckon_idempotency_created ON reckon_idempotency (created_at)",
        ]
    )

    /// What a claim found.
    public enum Claim: Sendable, Equatable {
        /// The key is new: run the write, then ``store(result:service:op:key:in:)``.
        case claimed
        /// The key was used before with the same arguments; here is the stored result.
        case replay(result: String)
        /// The key was used before with other arguments.
        case mismatch
    }

    /// Claims `key` for one write, inside that write's transaction.
    /// - Throws: ``StorageError``.
    public static func claim(
        service: String,
        op: String,
        key: String,
        argsDigest: String,
        in db: any SQLExecutor
    ) async throws -> Claim {
        let inserted = try await db.query(
            """
            INSERT INTO reckon_idempotency (service, op, key, args_digest, result, created_at)
            VALUES (\(service), \(op), \(key), \(argsDigest), NULL, \(WallClock.millisecondsSince1970()))
            ON CONFLICT (service, op, key) DO NOTHING
            RETURNING key
            """
        )
        if !inserted.isEmpty { return .claimed }
        let rows = try await db.query(
            """
            SELECT args_digest, result FROM reckon_idempotency
            WHERE service = \(service) AND op = \(op) AND key = \(key)
            """
        )
        guard let row = rows.first, let result = try row.optionalText("result") else {
            throw StorageError(.misuse, "idempotency record \(service)/\(op)/\(key) has no stored result")
        }
        return try row.text("args_digest") == argsDigest ? .replay(result: result) : .mismatch
    }

    /// Stores the result of the write that claimed `key`.
    /// - Throws: ``StorageError``.
    public static func store(
        result: String,
        service: String,
        op: String,
        key: String,
        in db: any SQLExecutor
    ) async throws {
        try await db.query(
            """
            UPDATE reckon_idempotency SET result = \(result)
            WHERE service = \(service) AND op = \(op) AND key = \(key)
            """
        )
    }

    /// The record of a write's result as one of its write steps (a ``Storage/Database/batchedWrite(_:)``'s, whose
    /// key was looked up, not claimed): a plain INSERT, so a concurrent write with the same key fails on the table's
    /// primary key, and writes nothing, instead of writing twice.
    public static func record(
        result: String,
        service: String,
        op: String,
        key: String,
        argsDigest: String
    ) -> WriteStep {
        WriteStep(
            "idempotency",
            """
            INSERT INTO reckon_idempotency (service, op, key, args_digest, result, created_at)
            VALUES (\(service), \(op), \(key), \(argsDigest), \(result), \(WallClock.millisecondsSince1970()))
            """
        )
    }

    /// Deletes records older than `milliseconds`; returns how many went.
    /// - Throws: ``StorageError``.
    @discardableResult
    public static func purge(olderThanMilliseconds milliseconds: Int64, in database: any Database) async throws -> Int {
        let cutoff = WallClock.millisecondsSince1970() - milliseconds
        return try await database.write { db in
            try await db.query("DELETE FROM reckon_idempotency WHERE created_at < \(cutoff) RETURNING key").count
        }
    }
}
