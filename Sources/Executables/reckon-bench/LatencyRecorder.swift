import Histogram

/// Records the measured phase: latencies in an HdrHistogram (nanoseconds, 3 significant digits, up to a minute) and
/// the count of each reply outcome.
struct LatencyRecorder {
    private static let longest: UInt64 = 60_000_000_000

    private var histogram = Histogram<UInt64>(
        lowestDiscernibleValue: 1,
        highestTrackableValue: longest,
        numberOfSignificantValueDigits: .three
    )
    private(set) var replies = 0
    private(set) var errors = 0
    private(set) var malformed = 0
    private var firstError: [UInt8]?

    /// Records one reply that took `nanoseconds`.
    mutating func record(_ nanoseconds: UInt64, _ outcome: ReplyOutcome) {
        replies += 1
        histogram.record(min(nanoseconds, Self.longest))
        switch outcome {
        case .ok, .partial:
            break
        case .error(let body):
            errors += 1
            if firstError == nil { firstError = body }
        case .malformed:
            malformed += 1
        }
    }

    /// The latency at `percentile` (0-100), in microseconds.
    func microseconds(atPercentile percentile: Double) -> Double {
        Double(histogram.valueAtPercentile(percentile)) / 1000
    }

    /// The final figures for a measured phase of `nanoseconds`.
    func result(plan: LoadPlan, nanoseconds: UInt64) -> LoadResult {
        let seconds = Double(nanoseconds) / 1_000_000_000
        return LoadResult(
            path: plan.path,
            clients: plan.clients,
            replies: replies,
            errors: errors,
            malformed: malformed,
            seconds: seconds,
            requestsPerSecond: seconds > 0 ? Double(replies) / seconds : 0,
            latency: LatencySummary(
                p50: microseconds(atPercentile: 50),
                p90: microseconds(atPercentile: 90),
                p99: microseconds(atPercentile: 99),
                p999: microseconds(atPercentile: 99.9),
                max: Double(histogram.max) / 1000
            ),
            firstError: firstError.map { String(decoding: $0.prefix(300), as: UTF8.self) }
        )
    }
}
