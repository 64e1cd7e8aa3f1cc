import Calculator

/// A factor picked by an input's value, e.g. hanging rods per suspension point by drop.
struct StepTable: Decodable, Sendable {
    /// One band: values up to `max` (inclusive or not) use `factor`.
    struct Step: Decodable, Sendable {
        let max: Rational
        let maxInclusive: Bool
        let factor: Ratio
        let source: String?

        private enum CodingKeys: String, CodingKey {
            case max, factor, source
            case maxInclusive = "max_inclusive"
        }

        func contains(_ value: Rational) -> Bool {
            maxInclusive ? value <= max : value < max
        }
    }

    let input: String
    let steps: [Step]

    /// The first band that holds `value`, or `nil` beyond the last band.
    func step(for value: Rational) -> Step? {
        steps.first { $0.contains(value) }
    }
}
