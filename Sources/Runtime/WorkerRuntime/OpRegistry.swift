import Foundation
import Logging
import Wire

/// One registered op: its contract's name, summary, schemas and effect, and the handler.
public struct Op: Sendable {
    public let name: String
    public let summary: String
    public let argsSchema: JSONValue
    /// The JSON Schema of the op's `result`.
    public let resultSchema: JSONValue
    /// The schema derived from the type `args` decode into, which ``argsSchema`` (written by hand) must agree with
    /// (``JSONSchema/drift(written:derived:path:)``).
    public let argsTypeSchema: JSONValue
    /// The type `args` decode into, which a scope may read through protocols it conforms to
    /// (``OpRequest/decodedArgs``).
    public let argsType: any Sendable.Type
    /// What the op does to the state behind it.
    public let effect: OpEffect
    /// Who may call it.
    public let access: OpAccess
    /// What the op refuses beyond its args schema.
    public let refusals: [OpRefusal]
    /// A call of the op and its result.
    public let example: OpExample
    /// What keeps ``example`` from decoding into the op's own types (``Wire/OpExample/problems(args:result:)``).
    public let exampleProblems: @Sendable () -> [String]
    /// The op behind its middleware chain: decodes `args`, runs the handler, encodes the result.
    let run: OpNext
    /// The whole reply for an op with a synchronous handler, which the worker slot runs in place, sparing the
    /// request two thread hand-offs; it answers `nil` for a request it leaves to ``run`` (one too costly to run in
    /// place). `nil` for async handlers, which always run as tasks.
    let runInline: (@Sendable (_ args: JSONValue?, _ context: OpContext) throws -> [UInt8]?)?

    /// The op a contract describes.
    init<Contract: OpContract>(
        _ contract: Contract.Type,
        run: @escaping OpNext,
        runInline: (@Sendable (JSONValue?, OpContext) throws -> [UInt8]?)?
    ) {
        name = Contract.name
        summary = Contract.summary
        argsSchema = Contract.argsSchema
        resultSchema = Contract.resultSchema
        argsTypeSchema = JSONSchema.derivedOrMarked(Contract.Args.self)
        argsType = Contract.Args.self
        effect = Contract.effect
        access = Contract.access
        refusals = Contract.refusals
        example = Contract.example
        exampleProblems = { Contract.example.problems(args: Contract.Args.self, result: Contract.Result.self) }
        self.run = run
        self.runInline = runInline
    }

    /// What `ops` lists of the op.
    public var description: OpDescription {
        OpDescription(
            name: name,
            summary: summary,
            schema: argsSchema,
            resultSchema: resultSchema,
            effect: effect,
            access: access,
            refusals: refusals,
            example: example
        )
    }
}

/// The ops a worker serves, by name, each registered from its contract (``Wire/OpContract``):
///
/// ```swift
/// var registry = OpRegistry()
/// registry.registerInline(EvaluateOp.self) { args, _ in try evaluate(args.expression) }
/// registry.register(CartGetOp.self, in: scopes.read, handler: orders.showCart)   // see OpScope
/// ```
///
/// A missing `args` decodes as `{}`. A decoding failure is answered `invalid_argument` naming the field; an error
/// the handler or a middleware throws is answered with its ``WireError`` when it is ``WireErrorConvertible``, else
/// `internal`.
public struct OpRegistry: Sendable {
    /// The ops in registration order.
    public private(set) var ops: [Op] = []
    private var index: [String: Int] = [:]

    public init() {}

    /// The op called `name`, if registered.
    public func op(named name: String) -> Op? {
        index[name].map { ops[$0] }
    }

    /// Registers an op whose handler runs as a task behind `middleware` (outermost first), so it may await I/O,
    /// and is cancelled at the request's deadline.
    public mutating func register<Contract: OpContract>(
        _ contract: Contract.Type,
        middleware: [any OpMiddleware] = [],
        handler: @escaping @Sendable (Contract.Args, OpContext) async throws -> Contract.Result
    ) {
        register(
            contract,
            middleware: middleware,
            responding: { args, request in
                OpResponse(resultJSON: try JSONCoding.encode(try await handler(args, request.context)))
            }
        )
    }

    /// Registers the op a contract describes: its arguments are decoded first, then `respond` answers the request.
    mutating func register<Contract: OpContract>(
        _ contract: Contract.Type,
        middleware: [any OpMiddleware],
        responding respond: @escaping @Sendable (Contract.Args, OpRequest) async throws -> OpResponse
    ) {
        let endpoint: OpNext = { request in
            var request = request
            let args = try ArgsDecoder.decode(Contract.Args.self, from: request.args)
            request.decodedArgs = args
            return try await respond(args, request)
        }
        add(Op(contract, run: middleware.chained(to: endpoint), runInline: nil))
    }

    /// Registers an op that the worker slot runs in place, sparing each request two thread hand-offs. Only for
    /// CPU-only ops whose cost is small and bounded whatever the input: the slot cannot heartbeat while the op
    /// runs, so one that outlasts the gateway's liveness window makes the gateway give the worker up.
    public mutating func registerInline<Contract: OpContract>(
        _ contract: Contract.Type,
        handler: @escaping @Sendable (Contract.Args, OpContext) throws -> Contract.Result
    ) {
        registerInline(contract, plan: { $0 }, when: { _ in true }, handler: handler)
    }

    /// Registers an op whose cost is judged from a plan made once per request: `plan` turns the arguments into what
    /// both `isCheap` and `handler` need (an expression parsed once, say), and must be cheap whatever the arguments;
    /// what it throws is the op's error. Requests whose plan `isCheap` says yes to run in place on the slot, as with
    /// ``registerInline(_:handler:)``; the others run as tasks with a deadline, as with
    /// ``register(_:middleware:handler:)``. `middleware` runs around the requests that run as tasks only, so
    /// `isCheap` must say no to every request a middleware needs to see.
    public mutating func registerInline<Contract: OpContract, Plan: Sendable>(
        _ contract: Contract.Type,
        plan: @escaping @Sendable (Contract.Args) throws -> Plan,
        when isCheap: @escaping @Sendable (Plan) -> Bool,
        middleware: [any OpMiddleware] = [],
        handler: @escaping @Sendable (Plan, OpContext) throws -> Contract.Result
    ) {
        let steps = InlineSteps(plan: plan, isCheap: isCheap, handler: handler)
        add(Op(contract, run: middleware.chained(to: steps.endpoint), runInline: steps.runInline))
    }

    private mutating func add(_ op: Op) {
        precondition(index[op.name] == nil, "op \(op.name) registered twice")
        index[op.name] = ops.count
        ops.append(op)
    }
}

/// The two ways an inline op runs: in place when its plan is cheap, else as a task.
private struct InlineSteps<Args: Decodable & Sendable, Plan: Sendable, Result: Encodable & Sendable> {
    let plan: @Sendable (Args) throws -> Plan
    let isCheap: @Sendable (Plan) -> Bool
    let handler: @Sendable (Plan, OpContext) throws -> Result

    /// The whole reply when the plan is cheap, else `nil`.
    var runInline: @Sendable (JSONValue?, OpContext) throws -> [UInt8]? {
        { [plan, isCheap, handler] json, context in
            let planned = try plan(try ArgsDecoder.decode(Args.self, from: json))
            guard isCheap(planned) else { return nil }
            return try JSONCoding.successReply(try handler(planned, context), id: context.requestID)
        }
    }

    /// The op as a task.
    var endpoint: OpNext {
        { [plan, handler] request in
            let planned = try plan(try ArgsDecoder.decode(Args.self, from: request.args))
            return OpResponse(resultJSON: try JSONCoding.encode(try handler(planned, request.context)))
        }
    }
}
