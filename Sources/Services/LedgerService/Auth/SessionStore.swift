import Storage

/// Session rows: a token's digest, its user, and when it expires or was revoked.
struct SessionStore: Sendable {
    /// How long a new session lasts.
    let lifetimeMilliseconds: Int64

    /// A stored session, live or not.
    struct Session: Sendable {
        let userID: String
        let digest: String
        /// When it ends, milliseconds since 1970.
        let expiresAt: Int64
        /// When it was signed out, milliseconds since 1970.
        let revokedAt: Int64?
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

    /// The session of `token`, expired or revoked as it may be; `nil` for a token never issued (or purged).
    func find(token: String, in db: any SQLExecutor) async throws -> Session? {
        let digest = SessionToken.digest(token)
        let rows = try await db.query(
            "SELECT user_id, expires_at, revoked_at FROM ledger_sessions WHERE token_hash = \(digest)"
        )
        return try rows.first.map { try Self.session($0, digest: digest) }
    }

    /// The session in a row with its `user_id`, `expires_at` and `revoked_at`.
    static func session(_ row: SQLRow, digest: String) throws -> Session {
        Session(
            userID: try row.text("user_id"),
            digest: digest,
            expiresAt: try row.int("expires_at"),
            revokedAt: try row.optionalInt("revoked_at")
        )
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
