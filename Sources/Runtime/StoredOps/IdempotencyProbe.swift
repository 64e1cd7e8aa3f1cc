import Storage
import Wire
import WorkerRuntime

/// A request's idempotency key as a ``BatchedWriteScope`` handles it: looked up in the scope's first read (a join
/// its `enter` adds to its own query), and recorded with the op's other write steps
/// (``IdempotencyRecords/record(result:service:op:key:argsDigest:)``) instead of claimed first.
public struct IdempotencyProbe: Sendable {
    let service: String
    let op: String
    /// The key as the client sent it; stored as `owner/key`, like ``IdempotentWrite``'s keys per owner.
    let key: String
    let digest: String

    /// The probe for `request`'s key; `nil` when it has none.
    /// - Throws: `invalid_argument` for a key of the wrong length.
    init?(_ request: OpRequest, service: String) throws {
        guard let key = try IdempotentWrite.key(of: request) else { return nil }
        self.service = service
        op = request.context.op
        self.key = key
        digest = try IdempotentWrite.digest(of: request)
    }

    /// A `LEFT JOIN` of the key's record for a query in which `owner` (an SQL expression, e.g. a column) is the
    /// key's owner; its columns are ``columns``.
    public func join(owner: SQL) -> SQL {
        let record: SQL = """
             LEFT JOIN reckon_idempotency idempotency ON idempotency.service = \(service) AND idempotency.op = \(op)
            """
        return record + " AND idempotency.key = " + owner + " || \("/" + key)"
    }

    /// The joined record's columns, `idempotency_digest` and `idempotency_result`, for the select list.
    public static let columns: SQL =
        "idempotency.args_digest AS idempotency_digest, idempotency.result AS idempotency_result"

    /// The key's record (one of the service's own keys, with no owner) read by a statement of its own, for a scope
    /// whose read has nothing to join it to: `nil` when the key is new, else a replay or a mismatch.
    /// - Throws: ``Storage/StorageError``.
    public func lookUp(in db: any SQLExecutor) async throws -> IdempotencyRecords.Claim? {
        let rows = try await db.query(
            "SELECT " + Self.columns
                + " FROM reckon_idempotency idempotency WHERE idempotency.service = \(service) AND idempotency.op = \(op)"
                + " AND idempotency.key = \(key)"
        )
        return try rows.first.flatMap { try found(in: $0) }
    }

    /// What the joined record in `row` says: `nil` when the key is new, else a replay or a mismatch.
    /// - Throws: ``Storage/StorageError`` for a record without a result.
    public func found(in row: SQLRow) throws -> IdempotencyRecords.Claim? {
        guard let storedDigest = try row.optionalText("idempotency_digest") else { return nil }
        guard let result = try row.optionalText("idempotency_result") else {
            throw StorageError(.misuse, "idempotency record \(service)/\(op)/\(key) has no stored result")
        }
        return storedDigest == digest ? .replay(result: result) : .mismatch
    }

    /// The record of `response`, the write's result, as its owner `owner`'s key.
    func record(of response: OpResponse, owner: String?) -> WriteStep {
        IdempotencyRecords.record(
            result: String(decoding: response.resultJSON, as: UTF8.self),
            service: service,
            op: op,
            key: IdempotentWrite.scoped(key, owner: owner),
            argsDigest: digest
        )
    }
}
