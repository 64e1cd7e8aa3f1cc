import Foundation
import Logging
import Wire

/// One registered op: its name, a summary, the JSON Schema of its `args`, and the handler.
public struct Op: Sendable {
    public let name: String
    public let summary: String
    public let argsSchema: JSONValue
    /// The op behind its middleware chain: decodes `args`, runs the handler, encodes the result.
    let run: OpNext
    /// The whole reply for an op with a synchronous handler, which the worker slot runs in place, sparing the
    /// request two thread hand-offs; it answers `nil` for a request it leaves to ``run`` (one too costly to run in
    /// place). `nil` for async handlers, which always run as tasks.
    let runInline: (@Sendable (_ args: JSONValue?, _ context: OpContext) throws -> [UInt8]?)?
}

/// The ops a worker serves, by name. Services add theirs with ``register(_:summary:schema:middleware:handler:)``:
///
/// ```swift
/// var registry = OpRegistry()
/// registry.register("evaluate", summary: "Evaluates an expression", schema: ["type": "object"]) {
///     (args: EvaluateArgs, context: OpContext) in try Evaluator().evaluate(args.expression)
/// }
/// ```
public struct OpRegistry: Sendable {
    /// The ops in registration order.
    public private(set) var ops: [Op] = []
    private var index: [String: Int] = [:]

    public init() {}

    /// The op called `name`, if registered.
    public func op(named name: String) -> Op? {
        index[name].map { ops[$0] }
    }

    /// Registers an op whose `args` decode into `Args` and whose result encodes as the reply's `result`; the
    /// handler runs as a task behind `middleware` (outermost first), so it may await I/O, and is cancelled at the
    /// request's deadline.
    ///
    /// A missing `args` decodes as `{}`. A decoding failure is answered `invalid_argument` naming the field; an
    /// error the handler or a middleware throws is answered with its ``WireError`` when it is
    /// ``WireErrorConvertible``, else `internal`.
    /// - Parameters:
    ///   - name: the op's name in requests; registering a name twice is a programmer error.
    ///   - summary: one line for the `ops` listing.
    ///   - schema: the JSON Schema of `args`.
    ///   - middleware: steps run around the op, outermost first.
    ///   - handler: the op itself.
    public mutating func register<Args: Decodable & Sendable, Result: Encodable & Sendable>(
        _ name: String,
        summary: String,
        schema: JSONValue,
        middleware: [any OpMiddleware] = [],
        handler: @escaping @Sendable (Args, OpContext) async throws -> Result
    ) {
        let endpoint: OpNext = { request in
            let args = try ArgsDecoder.decode(Args.self, from: request.args)
            let result = try await handler(args, request.context)
            return OpResponse(resultJSON: try JSONCoding.encode(result))
        }
        add(Op(name: name, summary: summary, argsSchema: schema, run: middleware.chained(to: endpoint), runInline: nil))
    }

    /// Registers the op a contract describes, as ``register(_:summary:schema:middleware:handler:)`` does.
    public mutating func register<Contract: OpContract>(
        _ contract: Contract.Type,
        middleware: [any OpMiddleware] = [],
        handler: @escaping @Sendable (Contract.Args, OpContext) async throws -> Contract.Result
    ) {
        register(
            Contract.name,
            summary: Contract.summary,
            schema: Contract.argsSchema,
            middleware: middleware,
            handler: handler
        )
    }

    /// Registers an op that the worker slot runs in place, sparing each request two thread hand-offs. Only for
    /// CPU-only ops whose cost is small and bounded whatever the input: the slot cannot heartbeat while the op
    /// runs, so one that outlasts the gateway's liveness window makes the gateway give the worker up.
    /// Arguments, results and errors are handled as in ``register(_:summary:schema:middleware:handler:)``.
    public mutating func registerInline<Args: Decodable & Sendable, Result: Encodable & Sendable>(
        _ name: String,
        summary: String,
        schema: JSONValue,
        handler: @escaping @Sendable (Args, OpContext) throws -> Result
    ) {
        registerInline(name, summary: summary, schema: schema, when: { _ in true }, handler: handler)
    }

    /// Registers an op whose cost depends on its arguments: requests for which `isCheap` holds run in place on the
    /// slot, as with ``registerInline(_:summary:schema:handler:)``, and the others as tasks with a deadline, as with
    /// ``register(_:summary:schema:middleware:handler:)``. `isCheap` must itself be cheap and must only say yes
    /// when the cost is small and bounded. `middleware` runs around the requests that run as tasks only, so
    /// `isCheap` must say no to every request a middleware needs to see.
    public mutating func registerInline<Args: Decodable & Sendable, Result: Encodable & Sendable>(
        _ name: String,
        summary: String,
        schema: JSONValue,
        when isCheap: @escaping @Sendable (Args) -> Bool,
        middleware: [any OpMiddleware] = [],
        handler: @escaping @Sendable (Args, OpContext) throws -> Result
    ) {
        registerInline(
            name,
            summary: summary,
            schema: schema,
            plan: { $0 },
            when: isCheap,
            middleware: middleware,
            handler: handler
        )
    }

    /// Registers an op whose cost is judged from a plan made once per request, as
    /// ``registerInline(_:summary:schema:when:middleware:handler:)`` does from the arguments: `plan` turns the
    /// arguments into what both `isCheap` and `handler` need (an expression parsed once, say). `plan` runs in place,
    /// so it must be cheap whatever the arguments; what it throws is the op's error.
    public mutating func registerInline<Args: Decodable & Sendable, Plan: Sendable, Result: Encodable & Sendable>(
        _ name: String,
        summary: String,
        schema: JSONValue,
        plan: @escaping @Sendable (Args) throws -> Plan,
        when isCheap: @escaping @Sendable (Plan) -> Bool,
        middleware: [any OpMiddleware] = [],
        handler: @escaping @Sendable (Plan, OpContext) throws -> Result
    ) {
        let runInline: @Sendable (JSONValue?, OpContext) throws -> [UInt8]? = { json, context in
            let planned = try plan(try ArgsDecoder.decode(Args.self, from: json))
            guard isCheap(planned) else { return nil }
            return try JSONCoding.successReply(try handler(planned, context), id: context.requestID)
        }
        let endpoint: OpNext = { request in
            let planned = try plan(try ArgsDecoder.decode(Args.self, from: request.args))
            return OpResponse(resultJSON: try JSONCoding.encode(try handler(planned, request.context)))
        }
        add(
            Op(
                name: name,
                summary: summary,
                argsSchema: schema,
                run: middleware.chained(to: endpoint),
                runInline: runInline
            )
        )
    }

    private mutating func add(_ op: Op) {
        precondition(index[op.name] == nil, "op \(op.name) registered twice")
        index[op.name] = ops.count
        ops.append(op)
    }
}
