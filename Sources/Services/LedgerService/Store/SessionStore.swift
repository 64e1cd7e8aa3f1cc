import Storage
import Wire

/// Session rows: a token's digest, its user, and when it expires or was revoked.
struct SessionStore: Sendable {
    /// How long a new session lasts.
    let lifetimeMilliseconds: Int64

    /// A found live session.
    struct Session: Sendable {
        let userID: String
        let digest: String
    }

    /// Starts a session for `userID`; returns the token (shown once, never stored) and when it expires.
    func start(userID: String, in db: any SQLExecutor) async throws -> (token: String, expiresAt: Int64) {
        let token = SessionToken.make()
        let now = WallClock.millisecondsSince1970()
        try await db.query(
            """
            INSERT INTO ledger_sessions (token_hash, user_id, created_at, expires_at)
            VALUES (\(SessionToken.digest(token)), \(userID), \(now), \(now + lifetimeMilliseconds))
            """
        )
        return (token, now + lifetimeMilliseconds)
    }

    /// The live session of `token`.
    /// - Throws: `unauthenticated` when the token is unknown, expired or revoked.
    func find(token: String, in db: any SQLExecutor) async throws -> Session {
        let digest = SessionToken.digest(token)
        let rows = try await db.query(
            "SELECT user_id, expires_at, revoked_at FROM ledger_sessions WHERE token_hash = \(digest)"
        )
        guard let row = rows.first else {
            throw WireError(.unauthenticated, "the session token is not valid: sign in again")
        }
        guard try row.optionalInt("revoked_at") == nil else {
            throw WireError(.unauthenticated, "the session was signed out: sign in again")
        }
        guard try row.int("expires_at") > WallClock.millisecondsSince1970() else {
            throw WireError(.unauthenticated, "the session expired: sign in again")
        }
        return Session(userID: try row.text("user_id"), digest: digest)
    }

    /// Revokes one session.
    func revoke(digest: String, in db: any SQLExecutor) async throws {
        try await db.query(
            """
            UPDATE ledger_sessions SET revoked_at = \(WallClock.millisecondsSince1970())
            WHERE token_hash = \(digest) AND revoked_at IS NULL
            """
        )
    }

    /// Revokes every live session of `userID` but `keeping`; returns how many.
    func revokeOthers(userID: String, keeping digest: String, in db: any SQLExecutor) async throws -> Int {
        let now = WallClock.millisecondsSince1970()
        return try await db.query(
            """
            UPDATE ledger_sessions SET revoked_at = \(now)
            WHERE user_id = \(userID) AND token_hash <> \(digest) AND revoked_at IS NULL AND expires_at > \(now)
            RETURNING token_hash
            """
        ).count
    }

    /// Deletes sessions that expired or were revoked more than `retention` ago; returns how many.
    func purge(olderThanMilliseconds retention: Int64, in db: any SQLExecutor) async throws -> Int {
        let cutoff = WallClock.millisecondsSince1970() - retention
        return try await db.query(
            """
            DELETE FROM ledger_sessions WHERE expires_at < \(cutoff) OR revoked_at < \(cutoff)
            RETURNING token_hash
            """
        ).count
    }
}
