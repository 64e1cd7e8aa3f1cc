import Storage
import Wire

/// Failed sign-ins per username, kept in the database so every replica counts them: after `limit` failures within
/// `window`, `auth.login` for that username answers `resource_exhausted` with the seconds left until the window
/// ends, whether or not the password is right. A success clears the count.
struct LoginThrottle: Sendable {
    let limit: Int
    let windowMilliseconds: Int64

    /// Refuses the attempt when the username is locked out.
    /// - Throws: `resource_exhausted` with `retryAfterSeconds`.
    func check(username: String, in db: any SQLExecutor) async throws {
        let rows = try await db.query(
            "SELECT window_start, failures FROM ledger_login_failures WHERE username = \(username)"
        )
        guard let row = rows.first, try row.int("failures") >= Int64(limit) else { return }
        let ends = try row.int("window_start") + windowMilliseconds
        let left = ends - WallClock.millisecondsSince1970()
        guard left > 0 else { return }
        let seconds = Int((left + 999) / 1000)
        throw WireError(
            .resourceExhausted,
            "too many failed sign-ins for \(username): try again in \(seconds) s",
            field: "username",
            retryAfterSeconds: seconds
        )
    }

    /// Counts one failure (starting a new window when the last one ended).
    func recordFailure(username: String, in db: any SQLExecutor) async throws {
        let now = WallClock.millisecondsSince1970()
        try await db.query(
            """
            INSERT INTO ledger_login_failures (username, window_start, failures) VALUES (\(username), \(now), 1)
            ON CONFLICT (username) DO UPDATE SET
                failures = CASE WHEN ledger_login_failures.window_start + \(windowMilliseconds) <= \(now)
                    THEN 1 ELSE ledger_login_failures.failures + 1 END,
                window_start = CASE WHEN ledger_login_failures.window_start + \(windowMilliseconds) <= \(now)
                    THEN \(now) ELSE ledger_login_failures.window_start END
            """
        )
    }

    /// Forgets the failures of `username`.
    func clear(username: String, in db: any SQLExecutor) async throws {
        try await db.query("DELETE FROM ledger_login_failures WHERE username = \(username)")
    }
}
