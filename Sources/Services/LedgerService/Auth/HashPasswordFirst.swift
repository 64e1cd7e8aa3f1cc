import Wire
import WorkerRuntime

/// Hashes the password argument named `field` before the op's transaction begins, so the slow Argon2id work never
/// holds the database's write lock; the op finds the hash with ``WorkerRuntime/OpContext/passwordHash()``.
struct HashPasswordFirst: OpMiddleware {
    let field: String
    let hasher: PasswordHasher

    func handle(_ request: OpRequest, next: OpNext) async throws -> OpResponse {
        guard case .string(let password)? = request.args?[field] else {
            throw WireError(.invalidArgument, "\(field) is required", field: field)
        }
        try Credentials.checkPassword(password, field: field)
        var request = request
        do {
            request.context[PasswordHashKey.self] = try hasher.hash(password)
        } catch {
            throw WireError(.resourceExhausted, "the server cannot hash a password now: try again")
        }
        return try await next(request)
    }
}

/// The hash ``HashPasswordFirst`` made, in an ``WorkerRuntime/OpContext``.
enum PasswordHashKey: OpContextKey {
    typealias Value = String
}

extension OpContext {
    /// The hash of the op's new password.
    func passwordHash() throws -> String {
        guard let hash = self[PasswordHashKey.self] else { throw WireError(.internal, "\(op) has no password hash") }
        return hash
    }
}
