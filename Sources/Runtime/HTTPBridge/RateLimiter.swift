import Synchronization

/// One token bucket per caller (``CallerResolver``: a confirmed user, else an address), so one heavy user cannot
/// throttle the rest. Past its bucket a caller gets 429 with `Retry-After`.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    /// What one ``take(_:count:now:)`` found.
    struct Decision: Sendable {
        /// Seconds until the tokens asked for are there, when they were not (nothing was taken).
        let retryAfter: Int?
        /// Whole tokens left in the bucket.
        let remaining: Int
        /// Seconds until the bucket is full again.
        let resetSeconds: Int
    }

    let limit: BridgeConfiguration.RateLimit
    private let buckets = Mutex<[String: Bucket]>([:])
    /// Callers kept at most; past this, full buckets are forgotten.
    private static let maximumCallers = 10_000

    init(limit: BridgeConfiguration.RateLimit) {
        self.limit = limit
    }

    /// Whether the limit is on.
    var isOn: Bool { limit.perSecond > 0 }

    /// Takes `count` tokens from `caller`'s bucket when it holds them; else takes none.
    func take(_ caller: String, count: Int = 1, now: ContinuousClock.Instant = .now) -> Decision {
        guard isOn else { return Decision(retryAfter: nil, remaining: 0, resetSeconds: 0) }
        let rate = Double(limit.perSecond)
        let capacity = Double(limit.burst)
        let wanted = Double(max(1, count))
        return buckets.withLock { buckets in
            if buckets.count > Self.maximumCallers { forgetFull(&buckets, now: now, rate: rate, capacity: capacity) }
            var bucket = buckets[caller] ?? Bucket(tokens: capacity, updated: now)
            bucket.tokens = min(capacity, bucket.tokens + Self.seconds(now - bucket.updated) * rate)
            bucket.updated = now
            var retryAfter: Int?
            if bucket.tokens >= wanted {
                bucket.tokens -= wanted
            } else {
                retryAfter = max(1, Int(((min(wanted, capacity) - bucket.tokens) / rate).rounded(.up)))
            }
            buckets[caller] = bucket
            return Decision(
                retryAfter: retryAfter,
                remaining: Int(bucket.tokens),
                resetSeconds: Int(((capacity - bucket.tokens) / rate).rounded(.up))
            )
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func forgetFull(
        _ buckets: inout [String: Bucket],
        now: ContinuousClock.Instant,
        rate: Double,
        capacity: Double
    ) {
        buckets = buckets.filter { _, bucket in bucket.tokens + Self.seconds(now - bucket.updated) * rate < capacity }
    }
}
