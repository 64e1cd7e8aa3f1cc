import HTTPTypes
import Hummingbird
import Wire

/// Who each request is for, and what it may send: the bridge's per-caller limits.
///
/// A request's caller is `user:ID` when it carries a session token the ledger confirmed (``ConfirmedTokens``), else
/// `address:IP`, the client's address (``TrustedProxies``). The caller draws on its own ``RateLimiter`` bucket, holds
/// at most so many waiting requests (``LongPolls``), and is named to the gateway with every call (the envelope's
/// `caller`), so the gateway's per-client limits and fair turns, and the ledger's sign-in throttle, apply to it and
/// not to the bridge as a whole.
final class CallerLimits: Sendable {
    let limiter: RateLimiter
    let tokens: ConfirmedTokens
    let proxies: TrustedProxies
    let longPolls: LongPolls

    init(limiter: RateLimiter, tokens: ConfirmedTokens, proxies: TrustedProxies, longPolls: LongPolls) {
        self.limiter = limiter
        self.tokens = tokens
        self.proxies = proxies
        self.longPolls = longPolls
    }

    /// The name of the policy in `RateLimit-Policy` and `RateLimit`.
    static let policy = "caller"
    static let policyHeader = HTTPField.Name("RateLimit-Policy")!
    static let stateHeader = HTTPField.Name("RateLimit")!

    /// Finds the caller of a request from `peer` and takes one token from its bucket. A session token not yet known
    /// is counted under its address, and looked up only when that address's bucket let the request through.
    func admit(_ request: Request, peer: String) async -> (caller: String, decision: RateLimiter.Decision) {
        if let caller = knownCaller(request.headers, peer: peer) { return (caller, limiter.take(caller)) }
        let address = address(request.headers, peer: peer)
        let decision = limiter.take(address)
        guard decision.retryAfter == nil, let token = Self.sessionToken(request.headers),
            let user = await tokens.lookUp(token, caller: address)
        else { return (address, decision) }
        return ("user:" + user, decision)
    }

    /// The caller of a request from `peer`, or nil while its session token has not been looked up yet.
    func knownCaller(_ headers: HTTPFields, peer: String) -> String? {
        guard let token = Self.sessionToken(headers) else { return address(headers, peer: peer) }
        return tokens.known(token).map { user in user.map { "user:" + $0 } ?? address(headers, peer: peer) }
    }

    private func address(_ headers: HTTPFields, peer: String) -> String {
        "address:" + proxies.clientAddress(peer: peer, headers: headers)
    }

    /// The 429 for a request its caller's bucket refused, with `Retry-After` and the request's id; nil when the
    /// bucket let it through.
    func refusal(_ decision: RateLimiter.Decision, requestID: String) -> BridgeAnswer? {
        guard let wait = decision.retryAfter else { return nil }
        let error = WireError(.resourceExhausted, "too many requests from this caller", retryAfterSeconds: wait)
        var headers = headers(decision)
        headers.append(contentsOf: OpEndpoint.echo(requestID))
        return ProblemDetails.answer(error, headers: headers)
    }

    /// A bearer token shaped as a ledger session's (`rk_` and 64 hex digits): only these are looked up, so neither
    /// the orders staff key nor the operator's token ever reaches the ledger.
    static func sessionToken(_ headers: HTTPFields) -> String? {
        guard let token = headers[.authorization].flatMap(HTTPEnvelope.bearer), token.hasPrefix("rk_"),
            token.utf8.count == 67, token.utf8.dropFirst(3).allSatisfy(Self.isHexDigit)
        else { return nil }
        return token
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers): the bucket's size as the quota
    /// over the seconds it takes to fill, what is left of it, and the seconds until it is full.
    func headers(_ decision: RateLimiter.Decision) -> HTTPFields {
        guard limiter.isOn else { return [:] }
        let limit = limiter.limit
        let window = max(1, (limit.burst + limit.perSecond - 1) / limit.perSecond)
        return [
            Self.policyHeader: "\"\(Self.policy)\";q=\(limit.burst);w=\(window)",
            Self.stateHeader: "\"\(Self.policy)\";r=\(decision.remaining);t=\(decision.resetSeconds)",
        ]
    }
}

/// Applies ``CallerLimits`` to the op routes: names the caller in the request's context, answers 429 with
/// `Retry-After` past its bucket, and adds the `RateLimit` headers to every answer.
struct CallerLimitsMiddleware<Context: BridgeRequestContext>: RouterMiddleware {
    let limits: CallerLimits

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let (caller, decision) = await limits.admit(request, peer: context.remoteAddress)
        if let refusal = limits.refusal(decision, requestID: request.headers[HTTPEnvelope.requestID] ?? "") {
            return refusal.response
        }
        var context = context
        context.caller = caller
        var response = try await next(request, context)
        response.headers.append(contentsOf: limits.headers(decision))
        return response
    }
}
