import Wire

/// What a group of ops runs inside, and the typed context it hands their handlers: Hummingbird's
/// `ChildRequestContext` for ops. A scope that opens a transaction hands its handlers the transaction; one that
/// also checks a session hands them the signed-in user as well. A handler then cannot forget a check, and cannot
/// reach for a value its scope does not provide: the compiler sees to it.
///
/// ```swift
/// registry.register(CartGetOp.self, in: scopes.read, handler: carts.show)
/// // func show(_ args: CartArgs, _ context: TransactionContext) async throws -> CartView
/// ```
public protocol OpScope<Context>: Sendable {
    /// What the scope's handlers are given.
    associatedtype Context: Sendable

    /// Runs `body`, the decoded op, with the context made for `request`; what `body` answers is the op's response,
    /// which the scope may keep (an idempotent write stores it) or replace (a replayed one).
    func run(
        _ request: OpRequest,
        _ body: @escaping @Sendable (Context) async throws -> OpResponse
    ) async throws -> OpResponse
}

extension OpRegistry {
    /// Registers the op a contract describes to run inside `scope`, behind `middleware` (outermost first). The
    /// arguments are decoded before the scope opens, so a malformed request is refused before it holds a
    /// transaction; the handler gets the scope's typed context.
    public mutating func register<Contract: OpContract, Scope: OpScope>(
        _ contract: Contract.Type,
        in scope: Scope,
        middleware: [any OpMiddleware] = [],
        handler: @escaping @Sendable (Contract.Args, Scope.Context) async throws -> Contract.Result
    ) {
        register(contract, in: scope, middleware: middleware, preparing: { args, _ in args }, handler: handler)
    }

    /// Registers the op a contract describes to run inside `scope`, with a step that runs before the scope opens:
    /// `prepare` turns the decoded arguments, with the request, into what the handler needs (a password hashed, or
    /// another service's answer), so slow work never holds the scope's transaction.
    public mutating func register<Contract: OpContract, Scope: OpScope, Prepared: Sendable>(
        _ contract: Contract.Type,
        in scope: Scope,
        middleware: [any OpMiddleware] = [],
        preparing prepare: @escaping @Sendable (Contract.Args, OpRequest) async throws -> Prepared,
        handler: @escaping @Sendable (Prepared, Scope.Context) async throws -> Contract.Result
    ) {
        register(
            contract,
            middleware: middleware,
            responding: { args, request in
                let prepared = try await prepare(args, request)
                return try await scope.run(request) { context in
                    OpResponse(resultJSON: try JSONCoding.encode(try await handler(prepared, context)))
                }
            }
        )
    }
}
