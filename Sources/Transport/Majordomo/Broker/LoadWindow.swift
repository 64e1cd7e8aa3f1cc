/// A service's load over the last ``seconds`` seconds, for whoever scales its workers: how many requests arrived, and
/// how long those given to a worker waited in the queue first (arrival to dispatch), as p50 and p90. Kept in
/// one-second buckets that are reused as the window slides, each with a wait histogram of fixed, geometric bounds,
/// so recording is O(1) and the memory per service fixed. A quantile is the upper bound of the histogram bucket it
/// falls in: at most 12.5 % above the true wait (bounds 1/8 apart), never below it.
struct LoadWindow: Sendable {
    typealias Instant = ContinuousClock.Instant

    /// The window, in whole seconds.
    static let seconds = 10

    /// What the window holds now.
    struct Summary: Sendable, Hashable {
        /// Requests that arrived in the window.
        var arrivals = 0
        /// The median and 90th percentile of the queue waits of requests dispatched in the window, in whole
        /// microseconds; `nil` when none was.
        var waitP50Micros: Int?
        var waitP90Micros: Int?
    }

    private struct Bucket: Sendable {
        var second: Int64 = -1
        var arrivals = 0
        var waits = [UInt32](repeating: 0, count: WaitBounds.count)
    }

    private let start: Instant
    private var buckets = [Bucket](repeating: Bucket(), count: seconds)

    init(start: Instant) { self.start = start }

    /// Counts a request that arrived at `now`.
    mutating func arrived(at now: Instant) {
        let index = bucket(for: now)
        buckets[index].arrivals += 1
    }

    /// Records that a request was given to a worker at `now` after waiting `waited` in the queue.
    mutating func dispatched(waited: Duration, at now: Instant) {
        let index = bucket(for: now)
        buckets[index].waits[WaitBounds.index(of: waited)] += 1
    }

    /// The window's figures at `now`.
    func summary(at now: Instant) -> Summary {
        let current = second(of: now)
        var summary = Summary()
        var waits = [Int](repeating: 0, count: WaitBounds.count)
        for bucket in buckets where bucket.second > current - Int64(Self.seconds) && bucket.second <= current {
            summary.arrivals += bucket.arrivals
            for (index, count) in bucket.waits.enumerated() { waits[index] += Int(count) }
        }
        let total = waits.reduce(0, +)
        guard total > 0 else { return summary }
        summary.waitP50Micros = WaitBounds.quantile(0.5, of: waits, total: total)
        summary.waitP90Micros = WaitBounds.quantile(0.9, of: waits, total: total)
        return summary
    }

    private func second(of instant: Instant) -> Int64 {
        max(0, (instant - start).components.seconds)
    }

    /// The bucket of `now`'s second, emptied in place first when it last held an older second (no allocation on
    /// the request path).
    private mutating func bucket(for now: Instant) -> Int {
        let second = second(of: now)
        let index = Int(second % Int64(Self.seconds))
        if buckets[index].second != second {
            buckets[index].second = second
            buckets[index].arrivals = 0
            buckets[index].waits.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        return index
    }
}

/// The wait histogram's bucket bounds: 0 µs, then from 8 µs up by a factor of 9/8 to past a minute; a wait above
/// the last bound counts in the last bucket.
enum WaitBounds {
    /// Each bucket's upper bound, in microseconds.
    static let micros: [Int] = {
        var bounds = [0, 8]
        while bounds.last! < 60_000_000 { bounds.append(bounds.last! * 9 / 8 + 1) }
        return bounds
    }()

    static var count: Int { micros.count }

    /// The bucket of a wait: the first whose bound is at least it.
    static func index(of wait: Duration) -> Int {
        let (seconds, attoseconds) = wait.components
        let waited = max(0, Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000))
        var low = 0
        var high = micros.count - 1
        while low < high {
            let middle = (low + high) / 2
            if micros[middle] >= waited { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The bound of the bucket where the `fraction` quantile of `counts` (summing to `total`) falls.
    static func quantile(_ fraction: Double, of counts: [Int], total: Int) -> Int {
        let rank = max(1, Int((fraction * Double(total)).rounded(.up)))
        var seen = 0
        for (index, count) in counts.enumerated() {
            seen += count
            if seen >= rank { return micros[index] }
        }
        return micros[micros.count - 1]
    }
}
