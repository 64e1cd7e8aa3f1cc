import Calculator

/// A test on one input: `{"input": "c_spline", "equals": true}`, `{"input": "drop_m", "above": 3.4}` or
/// `{"input": "drop_m", "at_most": 0.2}`. Terms, product bindings and warnings apply when all their conditions
/// hold.
struct Condition: Decodable, Sendable, Hashable {
    let input: String
    let equals: CeilingValue?
    let above: Rational?
    let atMost: Rational?

    private enum CodingKeys: String, CodingKey {
        case input, equals, above
        case atMost = "at_most"
    }

    /// Whether the condition holds for the resolved inputs (a missing input never satisfies it).
    func holds(in values: [String: CeilingValue]) -> Bool {
        guard let value = values[input] else { return false }
        if let equals, equals != value { return false }
        if let above, !(value.numberValue.map { $0 > above } ?? false) { return false }
        if let atMost, !(value.numberValue.map { $0 <= atMost } ?? false) { return false }
        return true
    }
}

extension Array where Element == Condition {
    /// Whether every condition holds; an empty list always holds.
    func allHold(in values: [String: CeilingValue]) -> Bool {
        allSatisfy { $0.holds(in: values) }
    }
}
