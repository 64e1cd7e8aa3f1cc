import Storage
import Wire
import WorkerRuntime

/// Runs each op of its group as a ``Storage/Database/batchedWrite(_:)``: one read that `enter` makes (the session
/// check, the request's idempotency key, and whatever else the group's ops need up front), then the op, whose
/// writes are write steps sent together with the key's record when it returns. On PostgreSQL that is two round
/// trips and no BEGIN. Like ``TransactionScope``'s writes, a refused request changes nothing and a key's write
/// happens once: a request racing another with the same key fails on the key's record (writing nothing) and is
/// run once more, when its read finds the other's result.
///
/// Only for ops whose writes are all steps, each row changed by one of them (see `batchedWrite`).
public struct BatchedWriteScope<Context: Sendable>: OpScope {
    /// The scope's one read: the op's context, whose idempotency keys the request's key belongs to, and what the
    /// probe's join found (``IdempotencyProbe/found(in:)``; `nil` when the key is new or there is none).
    public typealias Enter =
        @Sendable (any SQLExecutor, OpRequest, IdempotencyProbe?) async throws -> (
            Context, keyOwner: String?, found: IdempotencyRecords.Claim?
        )

    private let database: any Database
    private let service: String
    private let enter: Enter

    /// Batched writes of `service`, with the context `enter` makes.
    public init(_ database: any Database, service: String, enter: @escaping Enter) {
        self.database = database
        self.service = service
        self.enter = enter
    }

    public func run(
        _ request: OpRequest,
        _ body: @escaping @Sendable (Context) async throws -> OpResponse
    ) async throws -> OpResponse {
        let probe = try IdempotencyProbe(request, service: service)
        do {
            do {
                return try await attempt(request, probe, body)
            } catch let error as StorageError where error.code == .uniqueViolation && probe != nil {
                // Another request with the key committed first; this one's read now finds its result.
                return try await attempt(request, probe, body)
            }
        } catch let error as StorageError {
            throw error.wireError(reportedFor: request.context)
        }
    }

    private func attempt(
        _ request: OpRequest,
        _ probe: IdempotencyProbe?,
        _ body: @escaping @Sendable (Context) async throws -> OpResponse
    ) async throws -> OpResponse {
        try await database.batchedWrite { [enter] db in
            let (context, owner, found) = try await enter(db, request, probe)
            if let found { return try IdempotentWrite.answer(found, to: request) }
            let response = try await body(context)
            if let probe { try await db.write([probe.record(of: response, owner: owner)]) }
            return response
        }
    }
}
