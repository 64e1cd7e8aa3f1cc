/// When a failed delivery is tried again: Standard Webhooks' schedule, each delay counted from the failure before
/// it (5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours, 10 hours, 10 hours), after the first attempt, which is
/// immediate. Past the last, the event is given up for that subscription (`webhooks.redeliver` sends it again).
public struct RetrySchedule: Sendable, Equatable {
    /// The delays, in milliseconds, after the 1st, 2nd, ... failure.
    public let delays: [Int64]

    /// The spec's delays.
    public static let standard: [Int64] = [5, 300, 1800, 7200, 18000, 36000, 36000].map { $0 * 1000 }

    /// The spec's schedule with every delay multiplied by `scale` (1: as written; a test's receiver that fails
    /// a few times runs with a small one), each at least a millisecond.
    public init(scale: Double = 1) {
        delays = Self.standard.map { max(1, Int64((Double($0) * scale).rounded())) }
    }

    /// How long to wait after the `failures`th failure in a row, or nil when the event is given up.
    public func delay(afterFailures failures: Int) -> Int64? {
        failures >= 1 && failures <= delays.count ? delays[failures - 1] : nil
    }

    /// The longest a receiver's `Retry-After` may push a retry back: a day.
    public static let longestRetryAfter: Int64 = 24 * 3600 * 1000
}
