import LedgerAPI
import Wire
import WorkerRuntime

/// How long a long poll (`activity.wait`, `roommates.wait`) waits.
enum LongPollWait {
    /// The `waitMs` asked for (default: the longest), ending 250 ms before the request's deadline at the latest.
    /// - Throws: `invalid_argument` (field `waitMs`) outside 0 to ``LedgerAPI/ActivityWaitOp/maximumWaitMs``.
    static func duration(_ waitMs: Int?, _ request: OpContext) throws -> Duration {
        let waitMs = waitMs ?? ActivityWaitOp.maximumWaitMs
        guard (0...ActivityWaitOp.maximumWaitMs).contains(waitMs) else {
            throw WireError(
                .invalidArgument,
                "waitMs must be between 0 and \(ActivityWaitOp.maximumWaitMs)",
                field: "waitMs"
            )
        }
        return min(.milliseconds(waitMs), request.deadline - .now - .milliseconds(250))
    }
}
