import Storage
import StoredOps
import Wire
import WorkerRuntime

/// Lets an op through only with a live session token: one that exists, has not expired and was not revoked. It
/// runs inside the op's transaction, attaches the signed-in user (``WorkerRuntime/OpContext/userID()``), and keeps
/// idempotency keys per user. Every ledger op but `auth.signup` and `auth.login` runs behind it.
struct SessionMiddleware: OpMiddleware {
    let sessions: SessionStore

    func handle(_ request: OpRequest, next: OpNext) async throws -> OpResponse {
        guard let token = request.context.token, !token.isEmpty else {
            throw WireError(.unauthenticated, "\(request.context.op) needs a session token: sign in with auth.login")
        }
        let db = try request.context.database()
        guard let session = try await sessions.find(token: token, in: db) else {
            throw WireError(.unauthenticated, "the session token is not valid: sign in again")
        }
        guard session.revokedAt == nil else {
            throw WireError(.unauthenticated, "the session was signed out: sign in again")
        }
        guard session.expiresAt > WallClock.millisecondsSince1970() else {
            throw WireError(.unauthenticated, "the session expired: sign in again")
        }
        var request = request
        request.context[SignedInUser.self] = SignedInUser.Value(userID: session.userID, tokenDigest: session.digest)
        request.context.idempotencyScope = session.userID
        return try await next(request)
    }
}

/// The user a live session belongs to, in an ``WorkerRuntime/OpContext``.
enum SignedInUser: OpContextKey {
    struct Value: Sendable {
        let userID: String
        let tokenDigest: String
    }
}

extension OpContext {
    /// The signed-in user's id.
    /// - Throws: `internal` when the op was registered without a ``SessionMiddleware`` (a programmer error).
    func userID() throws -> String {
        try signedIn().userID
    }

    /// The signed-in user and the digest of their token.
    func signedIn() throws -> SignedInUser.Value {
        guard let user = self[SignedInUser.self] else {
            throw WireError(.internal, "\(op) runs without a session check")
        }
        return user
    }
}
