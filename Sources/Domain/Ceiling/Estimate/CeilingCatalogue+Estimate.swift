import Calculator
import Foundation

extension CeilingCatalogue {
    /// Estimates every component of product `leafID` for one room.
    ///
    /// Inputs are checked the way the product's form describes them (``form(for:)``): unknown names, types,
    /// ranges, whole numbers, choices, option groups, `requires` rules and the room's geometry. Every bad input is
    /// reported at once.
    /// - Parameters:
    ///   - leafID: a product id from the tree, e.g. `regal_600x600`.
    ///   - inputs: values by input name, e.g. `["length_m": .number(8.4), "drop_m": .number(0.8)]`.
    /// - Returns: the bill of materials with notes and warnings.
    /// - Throws: ``CeilingError``: ``CeilingError/Code/notFound`` or ``CeilingError/Code/notALeaf`` (field
    ///   `product`), or ``CeilingError/Code/invalidInputs`` with one detail per bad input.
    public func estimate(leaf leafID: String, inputs given: [String: CeilingValue]) throws -> CeilingEstimate {
        let leaf = try leaf(leafID, field: "product")
        let inputs = try InputResolver(document: document, leaf: leaf).resolve(given)
        let lines = LineEvaluator(document: document, leaf: leaf, inputs: inputs).evaluate()
        return CeilingEstimate(
            leaf: leafID,
            path: try leaf.path.map { CeilingMenuEntry(try node($0, field: "product").node) },
            catalogueVersion: version,
            geometry: inputs.geometry,
            inputs: inputs.values,
            lines: lines,
            notes: notes(for: inputs.geometry, lines: lines),
            warnings: warnings(for: leaf.template, values: inputs.values)
        )
    }

    private func notes(for geometry: RoomGeometry, lines: [CeilingEstimateLine]) -> [String] {
        var notes = document.notes ?? []
        if geometry.perimeterEstimated {
            notes.append(
                "Perimeter estimated as \(geometry.perimeterM.decimalText) m, assuming a square room (4 × √area); give "
                    + "length and width, or a measured perimeter, for long or irregular rooms."
            )
        }
        for line in lines where document.products[line.productID]?.packSizeStatus == "placeholder" {
            notes.append("The pack size of \(line.productName) (\(line.packSize ?? 0)) is a placeholder; confirm it.")
        }
        return notes
    }

    private func warnings(for template: Template, values: [String: CeilingValue]) -> [String] {
        let conditional = (template.conditionalWarnings ?? []) + (document.conditionalWarnings ?? [])
        return (template.warnings ?? []) + conditional.filter { $0.when.allHold(in: values) }.map(\.message)
    }
}
