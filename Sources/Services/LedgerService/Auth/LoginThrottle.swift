import Storage
import Wire

/// Failed sign-ins, kept in the database so every replica counts them, under two subjects: the (username, caller)
/// pair and the caller alone. The caller is the end caller a bridge named (``WorkerRuntime/OpContext/caller``: an
/// address, or a confirmed user). A client that names none (an MDP client of its own) counts as `direct`, for the
/// pair only: no caller lockout can then be shared by every direct client.
/// - After `pairLimit` failures of one pair within `window`, that pair is refused until the window ends: whoever
///   guesses at a username from one place is stopped, while its owner still signs in from anywhere else.
/// - After `callerLimit` failures of one caller, for any usernames, that caller is locked out until its window ends:
///   made-up usernames do not escape it.
///
/// Each attempt is counted as a failure before its password is checked (``reserve(_:in:)``, one atomic upsert per
/// subject), so attempts sent at once cannot all pass the check before any failure is written; a success takes its
/// count back (``succeeded(_:in:)``). A refused attempt answers `resource_exhausted` with the seconds left, before any
/// password is hashed, whether or not the password is right.
struct LoginThrottle: Sendable {
    let pairLimit: Int
    let callerLimit: Int
    let windowMilliseconds: Int64

    /// The subjects one attempt counts under.
    struct Attempt: Sendable {
        let username: String
        let caller: String?

        var pair: String { "pair\n" + username + "\n" + (caller ?? "direct") }
        /// The caller's own subject; none for a direct client.
        var callerSubject: String? { caller.map { "caller\n" + $0 } }
    }

    /// Counts the attempt as a failure of its pair and its caller (each starting a new window when its last one
    /// ended), unless either is already at its limit.
    /// - Throws: `resource_exhausted` with `retryAfterSeconds` when one is; run it in a transaction, which the throw
    ///   rolls back.
    func reserve(_ attempt: Attempt, in db: any SQLExecutor) async throws {
        let now = WallClock.millisecondsSince1970()
        try await count(attempt.pair, limit: pairLimit, now: now, in: db) { seconds in
            WireError(
                .resourceExhausted,
                "too many failed sign-ins for \(attempt.username) from here: try again in \(seconds) s",
                field: "username",
                retryAfterSeconds: seconds
            )
        }
        guard let subject = attempt.callerSubject else { return }
        try await count(subject, limit: callerLimit, now: now, in: db) { seconds in
            WireError(
                .resourceExhausted,
                "too many failed sign-ins from here: try again in \(seconds) s",
                retryAfterSeconds: seconds
            )
        }
    }

    /// Takes back what ``reserve(_:in:)`` counted for an attempt that succeeded: its pair is forgotten, and its
    /// caller's count goes down by one (a success never clears the caller's other failures).
    func succeeded(_ attempt: Attempt, in db: any SQLExecutor) async throws {
        try await db.query("DELETE FROM ledger_signin_failures WHERE subject = \(attempt.pair)")
        try await uncount(attempt.callerSubject, in: db)
    }

    /// Takes back what ``reserve(_:in:)`` counted for an attempt whose password was never checked (the server was
    /// too busy to check it).
    func withdraw(_ attempt: Attempt, in db: any SQLExecutor) async throws {
        try await uncount(attempt.pair, in: db)
        try await uncount(attempt.callerSubject, in: db)
    }

    private func uncount(_ subject: String?, in db: any SQLExecutor) async throws {
        guard let subject else { return }
        try await db.query(
            "UPDATE ledger_signin_failures SET failures = failures - 1 WHERE subject = \(subject) AND failures > 0"
        )
    }

    /// Adds one to `subject`'s failures in its window.
    /// - Throws: `refusal(seconds left)` when that makes more than `limit`.
    private func count(
        _ subject: String,
        limit: Int,
        now: Int64,
        in db: any SQLExecutor,
        refusal: (Int) -> WireError
    ) async throws {
        let rows = try await db.query(
            """
            INSERT INTO ledger_signin_failures (subject, window_start, failures) VALUES (\(subject), \(now), 1)
            ON CONFLICT (subject) DO UPDATE SET
                failures = CASE WHEN ledger_signin_failures.window_start + \(windowMilliseconds) <= \(now)
                    THEN 1 ELSE ledger_signin_failures.failures + 1 END,
                window_start = CASE WHEN ledger_signin_failures.window_start + \(windowMilliseconds) <= \(now)
                    THEN \(now) ELSE ledger_signin_failures.window_start END
            RETURNING window_start, failures
            """
        )
        guard let row = rows.first, try row.int("failures") > Int64(limit) else { return }
        let left = try row.int("window_start") + windowMilliseconds - now
        throw refusal(Int((max(left, 1) + 999) / 1000))
    }
}
