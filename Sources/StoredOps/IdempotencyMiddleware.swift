import Logging
import Storage
import Wire
import WorkerRuntime

/// Makes a write with an `idempotencyKey` happen once: the first request's result is stored with the write, in
/// its transaction, and every later request with the same key and arguments gets that result without running the
/// op again; the same key with other arguments gets `conflict`. Must run inside a write ``TransactionMiddleware``.
public struct IdempotencyMiddleware: OpMiddleware {
    /// Keys longer than this are refused (API: up to 128 characters).
    public static let maximumKeyLength = 128
    private let service: String

    public init(service: String) {
        self.service = service
    }

    public func handle(_ request: OpRequest, next: OpNext) async throws -> OpResponse {
        guard let key = request.context.idempotencyKey else { return try await next(request) }
        guard !key.isEmpty, key.count <= Self.maximumKeyLength else {
            throw WireError(
                .invalidArgument,
                "idempotencyKey must have 1 to \(Self.maximumKeyLength) characters",
                field: "idempotencyKey"
            )
        }
        let db = try request.context.database()
        let digest = Blake2bDigest.hex(of: try JSONCoding.encode(request.args ?? .object(JSONObject())))
        let op = request.context.op
        let scopedKey = request.context.idempotencyScope.map { "\($0)/\(key)" } ?? key
        switch try await IdempotencyRecords.claim(service: service, op: op, key: scopedKey, argsDigest: digest, in: db)
        {
        case .claimed:
            let response = try await next(request)
            let result = String(decoding: response.resultJSON, as: UTF8.self)
            try await IdempotencyRecords.store(result: result, service: service, op: op, key: scopedKey, in: db)
            return response
        case .replay(let result):
            request.context.logger.debug("idempotent replay", metadata: ["idempotency.key": "\(key)"])
            return OpResponse(resultJSON: Array(result.utf8))
        case .mismatch:
            throw WireError(
                .conflict,
                "idempotencyKey \(key) was already used for \(op) with other arguments",
                field: "idempotencyKey"
            )
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
