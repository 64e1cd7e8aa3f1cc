import CalcAPI
import Wire
import WorkerRuntime

/// Where calc looks up the profile of the user a token belongs to.
public protocol TaxProfileSource: Sendable {
    /// The profile of `token`'s user.
    /// - Throws: ``WireError``: `unauthenticated` for a bad token, `unavailable` when the profile cannot be read.
    func profile(token: String, deadline: ContinuousClock.Instant) async throws -> TaxProfile
}

/// Gives tax requests that carry a token the defaults of that user's profile.
struct TaxProfileMiddleware: OpMiddleware {
    let source: any TaxProfileSource

    func handle(_ request: OpRequest, next: OpNext) async throws -> OpResponse {
        guard let token = request.context.token, TaxProfileDefaults.needsProfile(request.args) else {
            return try await next(request)
        }
        var request = request
        let profile = try await source.profile(token: token, deadline: request.context.deadline)
        request.args = TaxProfileDefaults.apply(profile, to: request.args)
        return try await next(request)
    }
}
