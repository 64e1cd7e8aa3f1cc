import Wire

/// A request on its way through an op's middleware chain to the op.
public struct OpRequest: Sendable {
    /// The request's `args`, undecoded (`nil` when absent).
    public var args: JSONValue?
    /// The request's `args` decoded into its op's `Args`, once they are (before its scope opens): a scope reads what
    /// it needs of them through protocols the `Args` conform to, never by name.
    public var decodedArgs: (any Sendable)?
    public var context: OpContext

    public init(args: JSONValue?, context: OpContext) {
        self.args = args
        self.context = context
    }
}

/// What an op produced: its `result`, encoded as JSON. Middleware may replace it (a replayed idempotent write).
public struct OpResponse: Sendable {
    public var resultJSON: [UInt8]
    /// Whether this is the stored result of an earlier request with the same idempotency key, not a new run: the
    /// reply then says `"replayed": true`.
    public var replayed: Bool

    public init(resultJSON: [UInt8], replayed: Bool = false) {
        self.resultJSON = resultJSON
        self.replayed = replayed
    }
}

/// The rest of the chain, ending with the op.
public typealias OpNext = @Sendable (OpRequest) async throws -> OpResponse

/// A step in front of ops that needs no typed context: a staff key, a required idempotency key. It sees the request,
/// may change its envelope, and calls `next` (or answers without it, or throws a ``WireErrorConvertible`` error).
/// What hands handlers a context (a transaction, a signed-in user) is an ``OpScope``.
///
/// ```swift
/// struct RequireToken: OpMiddleware {
///     func handle(_ request: OpRequest, next: OpNext) async throws -> OpResponse {
///         guard request.context.token != nil else { throw WireError(.unauthenticated, "token is required") }
///         return try await next(request)
///     }
/// }
/// ```
public protocol OpMiddleware: Sendable {
    func handle(_ request: OpRequest, next: OpNext) async throws -> OpResponse
}

extension Array where Element == any OpMiddleware {
    /// The chain: the first middleware outermost, `endpoint` innermost.
    func chained(to endpoint: @escaping OpNext) -> OpNext {
        reversed().reduce(endpoint) { next, middleware in
            { request in try await middleware.handle(request, next: next) }
        }
    }
}
