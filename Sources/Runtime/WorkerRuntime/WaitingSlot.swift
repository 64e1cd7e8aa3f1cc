import Synchronization

/// Lets an op that waits for news rather than works (a long poll, such as the ledger's `activity.wait`) lend its
/// worker slot back to the gateway while it waits, so that waiting requests never stand in front of working ones:
/// the session's READY capacity grows by one for the wait and shrinks again after it.
///
/// ```swift
/// let entries = try await WaitingSlot.whileWaiting { try await signals.watch(household, timeout: wait) { ... } }
/// ```
public enum WaitingSlot {
    /// At most this many waits lend their slot at once in one process; a wait beyond them keeps its slot.
    public static let limit = 1024

    /// Runs `body` with the op's slot lent back to its gateway. Outside a worker's request (an op called in
    /// process, a test) or beyond ``limit``, it just runs `body`.
    public static func whileWaiting<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        guard let lender = SlotLender.current, lender.lend() else { return try await body() }
        defer { lender.takeBack() }
        return try await body()
    }
}

/// The request an op serves, as ``WaitingSlot`` needs it: which session's slot to lend, through which mailbox.
struct SlotLender: Sendable {
    /// The lender of the request the current task serves; set by ``WorkerService`` around each async op.
    @TaskLocal static var current: SlotLender?

    let job: Job
    let mailbox: WorkerMailbox

    /// The slots lent now, process-wide.
    private static let lentCount = Atomic(0)

    /// Lends the slot, unless ``WaitingSlot/limit`` are lent already; returns whether it did.
    func lend() -> Bool {
        guard Self.lentCount.add(1, ordering: .relaxed).newValue <= WaitingSlot.limit else {
            Self.lentCount.subtract(1, ordering: .relaxed)
            return false
        }
        mailbox.complete(job, .slotLent(true))
        return true
    }

    /// Takes the slot lent by ``lend()`` back.
    func takeBack() {
        Self.lentCount.subtract(1, ordering: .relaxed)
        mailbox.complete(job, .slotLent(false))
    }
}
