import Logging
import Storage
import Wire
import WorkerRuntime

/// The open transaction an op runs in, and the request it serves: the context of ops that need nothing more.
public struct TransactionContext: Sendable {
    /// The transaction's executor.
    public let db: any SQLExecutor
    /// The request's id, token, key, deadline and logger.
    public let request: OpContext

    public init(db: any SQLExecutor, request: OpContext) {
        self.db = db
        self.request = request
    }
}

/// Runs each op of its group in one database transaction and hands it a typed `Context` made from the open
/// transaction (``TransactionContext``, or more: a signed-in user). A write commits when the op returns and rolls
/// back when anything in it throws, so a refused request changes nothing; a write with an idempotency key runs
/// once per key (its result is stored in the same transaction). Storage failures become typed wire errors.
///
/// ```swift
/// let read = TransactionScope.read(database)                      // handlers get a TransactionContext
/// let write = TransactionScope.write(database, service: "orders")
/// ```
public struct TransactionScope<Context: Sendable>: OpScope {
    /// What the scope makes of the open transaction before the op runs (a session check, say): the op's context,
    /// and whose idempotency keys the request's key belongs to (`nil`: one namespace for the service).
    public typealias Enter = @Sendable (any SQLExecutor, OpContext) async throws -> (Context, keyOwner: String?)

    private enum Access {
        case read
        case write(service: String)
    }

    private let database: any Database
    private let access: Access
    private let enter: Enter

    /// Read transactions, with the context `enter` makes.
    public static func read(_ database: any Database, enter: @escaping Enter) -> Self {
        Self(database: database, access: .read, enter: enter)
    }

    /// Write transactions of `service`, with the context `enter` makes, idempotent per key.
    public static func write(_ database: any Database, service: String, enter: @escaping Enter) -> Self {
        Self(database: database, access: .write(service: service), enter: enter)
    }

    public func run(
        _ request: OpRequest,
        _ body: @escaping @Sendable (Context) async throws -> OpResponse
    ) async throws -> OpResponse {
        guard case .write(let service) = access else { return try await reading(request, body) }
        do {
            return try await database.write { db in
                let (context, owner) = try await enter(db, request.context)
                return try await IdempotentWrite.run(request, service: service, owner: owner, in: db) {
                    try await body(context)
                }
            }
        } catch let error as StorageError {
            throw error.wireError(reportedFor: request.context)
        }
    }

    /// What `body` makes of the context made for `request`, in a read transaction whatever the scope's own access:
    /// for a write's slow step (a call to another service), which must read as the request's user before the write's
    /// transaction opens (``OpRegistry/register(_:in:middleware:preparing:handler:)``).
    public func reading<Value: Sendable>(
        _ request: OpRequest,
        _ body: @escaping @Sendable (Context) async throws -> Value
    ) async throws -> Value {
        do {
            return try await database.read { db in try await body(try await enter(db, request.context).0) }
        } catch let error as StorageError {
            throw error.wireError(reportedFor: request.context)
        }
    }
}

extension TransactionScope where Context == TransactionContext {
    /// Read transactions whose ops get the transaction alone.
    public static func read(_ database: any Database) -> Self {
        read(database) { db, request in (TransactionContext(db: db, request: request), nil) }
    }

    /// Write transactions of `service` whose ops get the transaction alone; keys are the service's.
    public static func write(_ database: any Database, service: String) -> Self {
        write(database, service: service) { db, request in (TransactionContext(db: db, request: request), nil) }
    }
}
