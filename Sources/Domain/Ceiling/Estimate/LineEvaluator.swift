import Calculator

/// Turns a template's lines into quantities for one room, with the catalogue's single rounding rule:
/// raw pieces, then waste, then variance, then `ceil(round(raw, 6))`, then spares, then packs.
struct LineEvaluator {
    /// The input holding the user's overall allowance in percent.
    static let varianceInput = "variance_pct"
    private static let hundred = Rational(100)

    let document: CatalogueDocument
    let leaf: Leaf
    let inputs: ResolvedInputs

    /// The lines with something to order, in catalogue order.
    func evaluate() -> [CeilingEstimateLine] {
        var piecesBeforeSpares: [String: Rational] = [:]
        var result: [CeilingEstimateLine] = []
        let values = inputs.values
        let variance = values[Self.varianceInput]?.numberValue ?? .zero
        for line in leaf.template.lines {
            let terms = line.terms.filter { ($0.when ?? []).allHold(in: values) }
            guard !terms.isEmpty else {
                piecesBeforeSpares[line.id] = .zero
                continue
            }
            guard let productID = leaf.node.products?[line.role]?.product(for: values),
                let product = document.products[productID]
            else {
                preconditionFailure("the catalogue validator binds every role of \(leaf.node.id) to a product")
            }
            var raw = terms.reduce(Rational.zero) { $0 + amount(of: $1, product: product, earlier: piecesBeforeSpares) }
            let waste = line.wastePct ?? line.wastePctInput.flatMap { values[$0]?.numberValue } ?? .zero
            raw = raw * (Self.hundred + waste) / Self.hundred
            if line.applyVariance { raw = raw * (Self.hundred + variance) / Self.hundred }
            let pieces = raw.rounded(places: 6).wholeCeiling
            piecesBeforeSpares[line.id] = pieces
            let spares = line.addInput.flatMap { values[$0]?.numberValue } ?? .zero
            let quantity = (pieces + spares).wholeInt
            guard quantity > 0 else { continue }
            result.append(
                CeilingEstimateLine(
                    id: line.id,
                    label: line.label,
                    productID: productID,
                    productName: product.name,
                    unit: product.unit,
                    quantity: quantity,
                    spares: spares.wholeInt,
                    packSize: product.packSize,
                    packs: product.packSize.map { (quantity + $0 - 1) / $0 },
                    stockLengthM: product.stockLengthM,
                    coverageM2: product.coverageM2,
                    source: line.source
                )
            )
        }
        return result
    }

    /// The raw pieces one term contributes (A = area, P = perimeter).
    private func amount(of term: Term, product: Product, earlier: [String: Rational]) -> Rational {
        let area = inputs.geometry.areaM2
        let perimeter = inputs.geometry.perimeterM
        switch term.kind {
        case .linearPerArea:
            return area / (resolve(term.spacingM) * measure(product.stockLengthM))
        case .gridPoints:
            return area * (term.multiplier ?? .one) / (resolve(term.aM) * resolve(term.bM))
        case .countPerArea:
            return area * measure(term.ratePerM2)
        case .coverArea:
            return area / measure(product.coverageM2)
        case .perimeterLength:
            return perimeter * measure(term.fraction) / measure(product.stockLengthM)
        case .perimeterPoints:
            return perimeter * measure(term.fraction) / resolve(term.spacingM)
        case .perLine:
            let base = earlier[term.line ?? ""] ?? .zero
            return (term.factor ?? stepFactor(term.stepTable)).apply(to: base)
        }
    }

    private func stepFactor(_ tableName: String?) -> Ratio {
        guard let table = tableName.flatMap({ document.stepTables[$0] }),
            let value = inputs.values[table.input]?.numberValue, let step = table.step(for: value)
        else {
            preconditionFailure("the catalogue validator checks step tables cover their input's range")
        }
        return step.factor
    }

    private func resolve(_ amount: Amount?) -> Rational {
        measure(amount?.resolve(leaf.params))
    }

    private func measure(_ value: Rational?) -> Rational {
        guard let value else { preconditionFailure("the catalogue validator checks every term has its figures") }
        return value
    }
}
