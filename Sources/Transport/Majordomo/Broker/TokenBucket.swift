/// A token bucket on the broker's injected clock: `burst` tokens at most, refilled at `rate` per second.
struct TokenBucket: Sendable {
    typealias Instant = ContinuousClock.Instant

    private(set) var tokens: Double
    /// When ``tokens`` was last brought up to date; the client's last request.
    private(set) var updated: Instant

    /// A full bucket.
    init(burst: Int, now: Instant) {
        tokens = Double(burst)
        updated = now
    }

    /// Takes one token if there is one after refilling up to `now`.
    /// - Returns: `nil` when a token was taken, else the seconds until one will be there.
    mutating func take(rate: Double, burst: Int, now: Instant) -> Double? {
        tokens = level(rate: rate, burst: burst, at: now)
        updated = max(updated, now)
        guard tokens < 1 else {
            tokens -= 1
            return nil
        }
        return (1 - tokens) / rate
    }

    /// Whether the bucket has refilled to `burst` by `now`, so forgetting it changes nothing.
    func isFull(rate: Double, burst: Int, at now: Instant) -> Bool {
        level(rate: rate, burst: burst, at: now) >= Double(burst)
    }

    private func level(rate: Double, burst: Int, at now: Instant) -> Double {
        guard now > updated else { return tokens }
        let elapsed = (now - updated).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        return min(Double(burst), tokens + seconds * rate)
    }
}
