import Wire
import WorkerRuntime

/// The registry-wide check of a service's contract: every op has a result schema, and every args schema written by
/// hand describes the type its `args` decode into, member for member.
public enum ContractCheck {
    /// What is wrong with `registry`'s contract, one line per problem; empty when every op agrees with its types.
    public static func problems(in registry: OpRegistry) -> [String] {
        registry.ops.flatMap { op -> [String] in
            guard let resultSchema = op.resultSchema, let argsTypeSchema = op.argsTypeSchema else {
                return ["\(op.name): registered without a contract, so it has no result schema"]
            }
            var problems = JSONSchema.drift(written: op.argsSchema, derived: argsTypeSchema).map {
                "\(op.name) args \($0)"
            }
            for (what, schema) in [("result", resultSchema), ("args type", argsTypeSchema)] {
                if let reason = schema[JSONSchema.underivableMarker]?.stringValue {
                    problems.append("\(op.name) \(what): \(reason)")
                }
            }
            if resultSchema == [:] { problems.append("\(op.name): its result schema says nothing") }
            return problems
        }
    }
}
