import Logging
import Storage
import Wire
import WorkerRuntime

/// Runs the rest of the chain inside one database transaction, and hands the op its executor through the context
/// (``WorkerRuntime/OpContext/database()``). A write commits when the op returns and rolls back when anything after
/// this step throws, so a refused request changes nothing. Storage failures become typed wire errors.
public struct TransactionMiddleware: OpMiddleware {
    /// Whether the op reads or writes.
    public enum Access: Sendable {
        case read, write
    }

    private let database: any Database
    private let access: Access

    public init(database: any Database, access: Access) {
        self.database = database
        self.access = access
    }

    public func handle(_ request: OpRequest, next: OpNext) async throws -> OpResponse {
        let body: @Sendable (any SQLExecutor) async throws -> OpResponse = { executor in
            var request = request
            request.context[TransactionKey.self] = executor
            return try await next(request)
        }
        do {
            switch access {
            case .read: return try await database.read(body)
            case .write: return try await database.write(body)
            }
        } catch let error as StorageError {
            if error.wireError.code == .internal {
                request.context.logger.error("storage failed", metadata: ["error": "\(error)"])
            }
            throw error.wireError
        }
    }
}

/// The open transaction's executor in an ``WorkerRuntime/OpContext``.
enum TransactionKey: OpContextKey {
    typealias Value = any SQLExecutor
}

extension OpContext {
    /// The transaction the op runs in.
    /// - Throws: `internal` when the op was registered without a ``TransactionMiddleware`` (a programmer error
    ///   answered, not crashed on).
    public func database() throws -> any SQLExecutor {
        guard let executor = self[TransactionKey.self] else {
            throw WireError(.internal, "\(op) runs outside a transaction")
        }
        return executor
    }
}
