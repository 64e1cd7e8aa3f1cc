import Calculator
import Foundation

/// Checks a decoded catalogue against the rules the estimator relies on, and lists every problem with its place
/// in the file, so a bad catalogue fails at start with a message that says what to fix.
struct CatalogueValidator {
    let document: CatalogueDocument
    private var found: [String] = []

    init(document: CatalogueDocument) {
        self.document = document
    }

    /// Every problem found, each as `place: what is wrong`; empty for a good catalogue.
    func problems() -> [String] {
        var validator = self
        validator.checkInputs()
        validator.checkStepTables()
        validator.checkProducts()
        for (id, template) in document.templates.sorted(by: { $0.key < $1.key }) {
            validator.check(template, at: "templates.\(id)")
        }
        for (index, warning) in (document.conditionalWarnings ?? []).enumerated() {
            validator.check(warning.when, inputs: Array(document.inputs.keys), at: "conditional_warnings[\(index)]")
        }
        validator.checkTree()
        return validator.found
    }

    mutating func report(_ place: String, _ problem: String) {
        found.append("\(place): \(problem)")
    }

    // MARK: - Inputs, step tables, products

    private mutating func checkInputs() {
        for name in CeilingCatalogue.geometryInputs where document.inputs[name]?.type != .number {
            report("inputs.\(name)", "the geometry input must be defined as a number")
        }
        for (name, input) in document.inputs.sorted(by: { $0.key < $1.key }) {
            let place = "inputs.\(name)"
            if let min = input.min, let max = input.max, min > max {
                report(place, "min \(min.decimalText) is above max \(max.decimalText)")
            }
            switch (input.type, input.default) {
            case (_, nil), (.boolean, .bool?): break
            case (.number, let value?):
                guard let number = value.numberValue else {
                    report(place, "the default must be a number")
                    break
                }
                if let min = input.min, number < min { report(place, "the default is below min") }
                if let max = input.max, number > max { report(place, "the default is above max") }
            case (.choice, .text(let value)?):
                if !(input.choices ?? []).contains(where: { $0.value == value }) {
                    report(place, "the default '\(value)' is not one of the choices")
                }
            default:
                report(place, "the default does not match the type \(input.type.rawValue)")
            }
            if input.type == .choice, (input.choices ?? []).isEmpty { report(place, "a choice input needs choices") }
        }
    }

    private mutating func checkStepTables() {
        for (name, table) in document.stepTables.sorted(by: { $0.key < $1.key }) {
            let place = "step_tables.\(name)"
            guard let input = document.inputs[table.input], input.type == .number else {
                report(place, "input '\(table.input)' is not a number input")
                continue
            }
            guard let last = table.steps.last else {
                report(place, "a step table needs steps")
                continue
            }
            for (lower, upper) in zip(table.steps, table.steps.dropFirst()) where upper.max <= lower.max {
                report(place, "steps must rise: \(upper.max.decimalText) follows \(lower.max.decimalText)")
            }
            for (index, step) in table.steps.enumerated() where step.factor.denominator.isZero {
                report("\(place).steps[\(index)]", "the factor's denominator is 0")
            }
            if let max = input.max, !last.contains(max) {
                report(
                    place,
                    "the last step ends at \(last.max.decimalText) but \(table.input) may be up to \(max.decimalText)"
                )
            }
        }
    }

    private mutating func checkProducts() {
        for (id, product) in document.products.sorted(by: { $0.key < $1.key }) {
            let place = "products.\(id)"
            if let length = product.stockLengthM, length.signum <= 0 { report(place, "stock_length_m must be above 0") }
            if let coverage = product.coverageM2, coverage.signum <= 0 { report(place, "coverage_m2 must be above 0") }
            if let pack = product.packSize, pack <= 0 { report(place, "pack_size must be above 0") }
        }
    }

    // MARK: - Conditions

    /// Checks that each condition names one of `inputs` (or a geometry input) and compares it sensibly.
    mutating func check(_ conditions: [Condition], inputs: [String], at place: String) {
        for (index, condition) in conditions.enumerated() {
            let here = "\(place).when[\(index)]"
            let known = inputs.contains(condition.input) || CeilingCatalogue.geometryInputs.contains(condition.input)
            guard known, let input = document.inputs[condition.input] else {
                report(here, "unknown input '\(condition.input)'")
                continue
            }
            if condition.equals == nil, condition.above == nil, condition.atMost == nil {
                report(here, "a condition needs equals, above or at_most")
            }
            if (condition.above != nil || condition.atMost != nil) && input.type != .number {
                report(here, "above and at_most need a number input")
            }
            switch (input.type, condition.equals) {
            case (_, nil), (.boolean, .bool?), (.number, .number?): break
            case (.choice, .text(let value)?) where (input.choices ?? []).contains { $0.value == value }: break
            case (_, let value?): report(here, "'\(value)' is not a possible value of \(condition.input)")
            }
        }
    }
}
