import HTTPTypes
import Hummingbird
import Synchronization
import Wire

/// One token bucket per caller, by bearer token or else by address, so one heavy user cannot throttle the rest:
/// the gateway sees the whole bridge as one client. Past its bucket a caller gets 429 with `Retry-After`.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private let limit: BridgeConfiguration.RateLimit
    private let buckets = Mutex<[String: Bucket]>([:])
    /// Callers kept at most; past this, full buckets are forgotten.
    private static let maximumCallers = 10_000

    init(limit: BridgeConfiguration.RateLimit) {
        self.limit = limit
    }

    /// Takes one token from `caller`'s bucket: `nil` when there was one, else the seconds until there is.
    func take(_ caller: String, now: ContinuousClock.Instant = .now) -> Int? {
        guard limit.perSecond > 0 else { return nil }
        let rate = Double(limit.perSecond)
        let capacity = Double(limit.burst)
        return buckets.withLock { buckets in
            if buckets.count > Self.maximumCallers { forgetFull(&buckets, now: now, rate: rate, capacity: capacity) }
            var bucket = buckets[caller] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = now - bucket.updated
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(capacity, bucket.tokens + seconds * rate)
            bucket.updated = now
            defer { buckets[caller] = bucket }
            guard bucket.tokens >= 1 else { return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up))) }
            bucket.tokens -= 1
            return nil
        }
    }

    private func forgetFull(
        _ buckets: inout [String: Bucket],
        now: ContinuousClock.Instant,
        rate: Double,
        capacity: Double
    ) {
        buckets = buckets.filter { _, bucket in
            let elapsed = now - bucket.updated
            return bucket.tokens + Double(elapsed.components.seconds) * rate < capacity
        }
    }
}

/// Applies a ``RateLimiter`` to the op routes.
struct RateLimitMiddleware<Context: BridgeRequestContext>: RouterMiddleware {
    let limiter: RateLimiter

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let caller = request.headers[.authorization].map { "token " + $0 } ?? "address " + context.remoteAddress
        guard let wait = limiter.take(caller) else { return try await next(request, context) }
        let error = WireError(.resourceExhausted, "too many requests from this caller", retryAfterSeconds: wait)
        return ProblemDetails.response(error, headers: OpEndpoint.echo(request.headers[HTTPEnvelope.requestID] ?? ""))
    }
}
