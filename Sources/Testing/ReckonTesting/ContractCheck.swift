import Wire
import WorkerRuntime

/// The registry-wide check of a service's contract: every op has a result schema, every args schema written by hand
/// describes the type its `args` decode into, member for member, and every op's example decodes into its types.
public enum ContractCheck {
    /// What is wrong with `registry`'s contract, one line per problem; empty when every op agrees with its types
    /// and no entity name stands for two different schemas.
    public static func problems(in registry: OpRegistry) -> [String] {
        let conflicts = OpsListing.hoisting(service: "", ops: registry.ops.map(\.description)).conflicts.map {
            "the entity \($0) has two different schemas"
        }
        return registry.ops.flatMap {
            problems($0.name, $0.argsSchema, $0.argsTypeSchema, $0.resultSchema)
                + $0.exampleProblems().map { [name = $0.name] in "\(name) \($0)" }
        } + conflicts
    }

    /// What is wrong with `contracts`, as ``problems(in:)`` says it of a registry's ops.
    public static func problems(of contracts: [any OpContract.Type]) -> [String] {
        contracts.flatMap { problems(of: $0) }
    }

    private static func problems<Contract: OpContract>(of contract: Contract.Type) -> [String] {
        let argsTypeSchema = JSONSchema.derivedOrMarked(Contract.Args.self)
        return problems(Contract.name, Contract.argsSchema, argsTypeSchema, Contract.resultSchema)
            + Contract.example.problems(args: Contract.Args.self, result: Contract.Result.self).map {
                "\(Contract.name) \($0)"
            }
    }

    private static func problems(
        _ name: String,
        _ argsSchema: JSONValue,
        _ argsTypeSchema: JSONValue,
        _ resultSchema: JSONValue
    ) -> [String] {
        var problems = JSONSchema.drift(written: argsSchema, derived: argsTypeSchema).map { "\(name) args \($0)" }
        for (what, schema) in [("result", resultSchema), ("args type", argsTypeSchema)] {
            if let reason = schema[JSONSchema.underivableMarker]?.stringValue {
                problems.append("\(name) \(what): \(reason)")
            }
        }
        if resultSchema == [:] { problems.append("\(name): its result schema says nothing") }
        return problems
    }
}
