import Ceiling
import Foundation
import Testing

/// The three worked examples of ceiling.md section 6, read from ceiling-examples.json, must match exactly.
@Suite struct WorkedExampleTests {
    @Test(arguments: exampleCases("ceiling-examples"))
    func matchesExactly(_ example: ExampleCase) throws {
        try expectEstimate(for: example)
    }
}

/// Estimates `example` and compares every expected figure: geometry, lines (code, label, product, quantity,
/// packs), path and warnings.
func expectEstimate(for example: ExampleCase) throws {
    let estimate = try catalogue.estimate(leaf: example.leaf, inputs: example.inputs)
    let expected = example.expected
    #expect(estimate.leaf == expected.leaf)
    if let path = expected.path { #expect(estimate.path.map(\.id) == path) }
    #expect(estimate.geometry.areaM2 == expected.areaM2)
    #expect(estimate.geometry.perimeterM == expected.perimeterM)
    #expect(estimate.geometry.perimeterEstimated == expected.perimeterEstimated)
    let actual = estimate.lines.map { line in
        ExampleCase.ExpectedLine(
            line: line.id,
            label: expected.lines.contains { $0.label != nil } ? line.label : nil,
            product: line.productID,
            qty: line.quantity,
            packs: expected.lines.contains { $0.line == line.id && $0.packs != nil } ? line.packs : nil,
            packSize: expected.lines.contains { $0.line == line.id && $0.packSize != nil } ? line.packSize : nil
        )
    }
    #expect(actual == expected.lines)
    if let warnings = expected.warnings { #expect(estimate.warnings == warnings) }
}

/// Cases computed independently (Resources/make-independent-cases.py: exact fractions, the rules of ceiling.md
/// written out per product, no access to the catalogue) for every product, with random rooms and options.
@Suite struct IndependentCaseTests {
    @Test(arguments: exampleCases("independent-cases"))
    func matchesExactly(_ example: ExampleCase) throws {
        try expectEstimate(for: example)
    }

    @Test func coverEveryProduct() {
        let covered = Set(exampleCases("independent-cases").map(\.leaf))
        #expect(covered == Set(catalogue.leafIDs))
    }
}
