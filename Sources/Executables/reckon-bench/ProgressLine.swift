import Foundation

/// The once-a-second progress line a run writes to stderr: the last second's throughput and the measured
/// phase's percentiles so far.
struct ProgressLine {
    private let label: String
    private let start: UInt64
    private var nextAt: UInt64
    private var lastAt: UInt64
    private var lastReplies = 0

    init(plan: LoadPlan, start: UInt64) {
        label = "\(plan.path) ×\(plan.clients)"
        self.start = start
        nextAt = start + 1_000_000_000
        lastAt = start
    }

    /// Writes the line when a second has passed since the last one.
    /// - Parameters:
    ///   - replies: replies so far, warm-up included.
    ///   - measured: the measured phase's recorder, `nil` until it has a reply.
    mutating func update(now: UInt64, replies: Int, measured: LatencyRecorder?) {
        guard now >= nextAt else { return }
        let rate = Double(replies - lastReplies) * 1_000_000_000 / Double(now - lastAt)
        var line = "[\(label)] " + String(format: "%3lus %9.0f req/s", (now - start) / 1_000_000_000, rate)
        if let measured {
            line += String(
                format: "  p50 %.1f µs  p99 %.1f µs  errors %ld",
                measured.microseconds(atPercentile: 50),
                measured.microseconds(atPercentile: 99),
                measured.errors + measured.malformed
            )
        } else {
            line += "  (warming up)"
        }
        FileHandle.standardError.write(Data((line + "\n").utf8))
        lastReplies = replies
        lastAt = now
        nextAt = now + 1_000_000_000
    }
}
