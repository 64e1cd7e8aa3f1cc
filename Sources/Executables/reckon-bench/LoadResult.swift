/// The figures of one measured run.
struct LoadResult: Sendable, Codable {
    /// `gateway` or `direct`.
    var path: String
    var clients: Int
    /// Replies received in the measured phase, errors included.
    var replies: Int
    /// Replies that were errors or wrong answers: without `"ok":true` or an expected text.
    var errors: Int
    /// Replies that were no Majordomo FINAL for the request in flight.
    var malformed: Int
    /// The measured phase's length.
    var seconds: Double
    var requestsPerSecond: Double
    var latency: LatencySummary
    /// The first error or wrong answer seen, to tell what went wrong.
    var firstError: String?
}

/// Latency percentiles of a run, in microseconds.
struct LatencySummary: Sendable, Codable {
    var p50: Double
    var p90: Double
    var p99: Double
    var p999: Double
    var max: Double
}
