import CalcAPI
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
        registerInline(CeilingMenuOp.self) { args, _ in CeilingMenuOp.Result(try catalogue.menu(at: args.node)) }
        registerInline(CeilingInputsOp.self) { args, _ in
            CeilingInputsOp.Result(try catalogue.form(for: args.product))
        }
        registerInline(CeilingEstimateOp.self) { args, _ in
            CeilingEstimateOp.Result(try catalogue.estimate(leaf: args.product, inputs: try args.ceilingInputs()))
        }
    }
}
