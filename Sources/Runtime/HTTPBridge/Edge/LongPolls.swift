import Synchronization
import Wire

/// Caps the requests that wait on purpose (`activity.wait` long polls and activity streams) that one caller holds at
/// once, so one account cannot fill the gateway's queues, the ledger's slots or the bridge's connections with
/// waiting: past the cap its next one gets 429, and nobody else's.
final class LongPolls: Sendable {
    /// Waiting requests one caller may hold; 0 turns the cap off.
    let perCaller: Int
    private let held = Mutex<[String: Int]>([:])

    init(perCaller: Int) {
        self.perCaller = perCaller
    }

    /// One waiting request's place, given back when the ticket goes.
    final class Ticket: Sendable {
        private let polls: LongPolls
        private let caller: String

        fileprivate init(polls: LongPolls, caller: String) {
            self.polls = polls
            self.caller = caller
        }

        deinit { polls.leave(caller) }
    }

    /// A place for one more waiting request of `caller`.
    /// - Throws: `resource_exhausted` (retry after a second) when the caller holds as many as it may.
    func enter(_ caller: String) throws -> Ticket {
        let admitted = held.withLock { held in
            let count = held[caller, default: 0]
            guard perCaller == 0 || count < perCaller else { return false }
            held[caller] = count + 1
            return true
        }
        guard admitted else {
            throw WireError(
                .resourceExhausted,
                "this caller holds \(perCaller) waiting requests (long polls and streams), as many as it may",
                retryAfterSeconds: 1
            )
        }
        return Ticket(polls: self, caller: caller)
    }

    private func leave(_ caller: String) {
        held.withLock { held in
            let count = held[caller, default: 1] - 1
            held[caller] = count > 0 ? count : nil
        }
    }
}
