import Storage
import StoredOps
import Wire
import WorkerRuntime

/// A ledger op's context once its session is checked: the op's transaction, the signed-in user, and the request.
struct SignedIn: Sendable {
    let db: any SQLExecutor
    let userID: String
    /// The digest of the session's token (what `auth.logout` revokes).
    let tokenDigest: String
    let request: OpContext
}

extension SessionStore {
    /// The signed-in user of `request`'s token, inside the op's transaction: a token that exists, has not expired
    /// and was not revoked. Every ledger op but `auth.signup` and `auth.login` runs behind this check.
    /// - Throws: `unauthenticated`, saying which, for a missing, unknown, revoked or expired token.
    func signedIn(_ request: OpContext, in db: any SQLExecutor) async throws -> SignedIn {
        guard let token = request.token, !token.isEmpty else {
            throw WireError(.unauthenticated, "\(request.op) needs a session token: sign in with auth.login")
        }
        guard let session = try await find(token: token, in: db) else {
            throw WireError(.unauthenticated, "the session token is not valid: sign in again")
        }
        guard session.revokedAt == nil else {
            throw WireError(.unauthenticated, "the session was signed out: sign in again")
        }
        guard session.expiresAt > WallClock.millisecondsSince1970() else {
            throw WireError(.unauthenticated, "the session expired: sign in again")
        }
        return SignedIn(db: db, userID: session.userID, tokenDigest: session.digest, request: request)
    }
}

/// What the ledger's ops run inside.
struct LedgerScopes: Sendable {
    /// A read by a signed-in user.
    let read: TransactionScope<SignedIn>
    /// A write by a signed-in user: one transaction, the session check, idempotency keys per user.
    let write: TransactionScope<SignedIn>
    /// A write before anyone is signed in (`auth.signup`).
    let open: TransactionScope<TransactionContext>

    init(database: any Database, sessions: SessionStore) {
        read = .read(database) { db, request in (try await sessions.signedIn(request, in: db), nil) }
        write = .write(database, service: LedgerService.name) { db, request in
            let user = try await sessions.signedIn(request, in: db)
            return (user, user.userID)
        }
        open = .write(database, service: LedgerService.name)
    }
}
