import Logging
import Storage
import Wire
import WorkerRuntime

/// Makes a write with an `idempotencyKey` happen once: the first request's result is stored with the write, in
/// its transaction, and every later request with the same key and arguments gets that result without running the
/// op again; the same key with other arguments gets `conflict`. Must run inside a write ``TransactionMiddleware``.
public struct IdempotencyMiddleware: OpMiddleware {
    private let service: String

    public init(service: String) {
        self.service = service
    }

    public func handle(_ request: OpRequest, next: OpNext) async throws -> OpResponse {
        let owner = request.context.idempotencyScope
        return try await IdempotentWrite.run(
            request,
            service: service,
            owner: owner,
            in: try request.context.database()
        ) {
            try await next(request)
        }
    }
}

/// Whose keys an ``IdempotencyMiddleware`` remembers, in an ``WorkerRuntime/OpContext``.
enum IdempotencyScopeKey: OpContextKey {
    typealias Value = String
}

extension OpContext {
    /// The owner of the request's idempotency key (a user id), when keys are kept per owner.
    public var idempotencyScope: String? {
        get { self[IdempotencyScopeKey.self] }
        set { self[IdempotencyScopeKey.self] = newValue }
    }
}

extension Array where Element == any OpMiddleware {
    /// The chain for a write op: one transaction, and idempotency inside it.
    public static func write(service: String, database: any Database) -> [any OpMiddleware] {
        [TransactionMiddleware(database: database, access: .write), IdempotencyMiddleware(service: service)]
    }

    /// The chain for a read op: one read transaction.
    public static func read(database: any Database) -> [any OpMiddleware] {
        [TransactionMiddleware(database: database, access: .read)]
    }
}
