import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `roommates.wait`.
    mutating func registerInboxOps(_ handlers: InboxHandlers, database: any Database) {
        // No scope: the wait must not hold a transaction, so each look is a read transaction of its own.
        register(RoommatesWaitOp.self) { args, request in try await handlers.roommatesWait(args, request, database) }
    }
}

/// The wait on a user's inbox: with the inbox, the requests and the sessions (checked again at each look), and
/// nothing else.
struct InboxHandlers: Sendable {
    let inbox: Inbox
    let requests: RequestStore
    let sessions: SessionStore

    /// Looks at once, then each time the caller's inbox is signalled, until its counter is past `after` or the wait
    /// (at most `waitMs`, ending 250 ms before the request's deadline) is over; without `after`, answers at once.
    /// Each look checks the session again, in a read transaction of its own; the worker's slot is lent back meanwhile.
    func roommatesWait(
        _ args: RoommatesWaitOp.Args,
        _ request: OpContext,
        _ database: any Database
    ) async throws -> RoommatesWaitOp.Result {
        guard (args.after ?? 0) >= 0 else { throw WireError(.invalidArgument, "after must be >= 0", field: "after") }
        let wait = try LongPollWait.duration(args.waitMs, request)
        let look = { @Sendable () async throws -> (userID: String, now: RoommatesWaitOp.Result) in
            try await database.read { db in
                let userID = try await sessions.signedIn(request, in: db).userID
                let now = RoommatesWaitOp.Result(
                    inbox: try await inbox.counter(of: userID, in: db),
                    received: try await requests.received(userID: userID, in: db)
                )
                return (userID, now)
            }
        }
        let first = try await look()
        guard let after = args.after, first.now.inbox <= after else { return first.now }
        let found = try await WaitingSlot.whileWaiting {
            try await inbox.feed.signals.watch(first.userID, timeout: wait) {
                let look = try await look()
                return look.now.inbox > after ? look.now : nil
            }
        }
        return found ?? RoommatesWaitOp.Result(inbox: after, received: first.now.received)
    }
}
