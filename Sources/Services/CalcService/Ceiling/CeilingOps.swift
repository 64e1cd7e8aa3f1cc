import Ceiling
import Wire
import WorkerRuntime

extension OpRegistry {
    /// Registers the ceiling estimator's ops: `ceiling.menu`, `ceiling.inputs` and `ceiling.estimate` (API.md).
    ///
    /// ```swift
    /// var registry = OpRegistry()
    /// registry.registerCeilingOps(catalogue: try CeilingCatalogue.bundled())
    /// ```
    /// - Parameter catalogue: the product catalogue, loaded and checked once at start.
    public mutating func registerCeilingOps(catalogue: CeilingCatalogue) {
        registerInline(
            "ceiling.menu",
            summary: "Walks the ceiling product tree from the root or any node",
            schema: CeilingSchemas.menu
        ) { (args: CeilingMenuArgs, _: OpContext) in
            CeilingMenuResult(try catalogue.menu(at: args.node))
        }
        registerInline(
            "ceiling.inputs",
            summary: "The input form of one ceiling product",
            schema: CeilingSchemas.inputs
        ) { (args: CeilingInputsArgs, _: OpContext) in
            CeilingInputsResult(try catalogue.form(for: args.product))
        }
        registerInline(
            "ceiling.estimate",
            summary: "Every component of a ceiling product for one room, with quantities",
            schema: CeilingSchemas.estimate
        ) { (args: CeilingEstimateArgs, _: OpContext) in
            CeilingEstimateResult(try catalogue.estimate(leaf: args.product, inputs: try args.ceilingInputs()))
        }
    }
}
