import Storage

/// Each user's inbox: a counter in their user row that every change to a request sent to them moves (sent,
/// retracted, accepted, declined), in the change's own transaction, announced on the ``ActivityFeed`` under the
/// user's id as a household's changes are under the household's (user and household ids never meet: `u_…`, `h_…`).
/// `roommates.wait` waits on it, so an invitation reaches the invitee while they are in no household of the sender.
struct Inbox: Sendable {
    let feed: ActivityFeed

    /// Moves `userID`'s counter; on PostgreSQL the same statement sends the `NOTIFY` (delivered at commit).
    func announce(to userID: String, in db: any SQLExecutor) async throws {
        let counter: SQL = "UPDATE ledger_users SET inbox_seq = inbox_seq + 1 WHERE id = \(userID)"
        if db.engine == .postgres {
            try await db.query(counter + " RETURNING " + ActivityFeed.notifyRowID)
        } else {
            try await db.query(counter)
        }
        let feed = feed
        db.afterCommit { feed.changed(userID) }
    }

    /// `userID`'s counter (0 for a user never sent a request).
    func counter(of userID: String, in db: any SQLExecutor) async throws -> Int {
        let rows = try await db.query("SELECT inbox_seq FROM ledger_users WHERE id = \(userID)")
        return Int(try rows.first?.int("inbox_seq") ?? 0)
    }
}
