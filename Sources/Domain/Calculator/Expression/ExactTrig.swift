import BigInt

/// Exact values of trigonometric functions at multiples of 30° and 45°, and their inverses, so `sin(30°)` is
/// exactly 1/2, `tan(90°)` is a pole and `atan(1)` is exactly π/4.
enum ExactTrig {
    /// sin(q·π) when q·180 is a multiple of 30 or 45 degrees, else `nil`.
    static func sin(piTimes q: Rational) -> Value? {
        let degrees = q * Rational(180)
        guard degrees.isInteger else { return nil }
        var d = Int(degrees.numerator.modulus(360))
        var sign = Rational.one
        if d >= 180 {
            d -= 180
            sign = -sign
        }
        if d > 90 { d = 180 - d }
        guard let value = firstQuadrant[d] else { return nil }
        return scaled(value, by: sign)
    }

    /// cos(q·π) = sin((q + 1/2)·π).
    static func cos(piTimes q: Rational) -> Value? {
        sin(piTimes: q + Rational(1, 2))
    }

    /// The angle in degrees (−90...90) whose sine is `value`, when it is a table value.
    static func asinDegrees(_ value: Value) -> Rational? {
        let negative = value.signum < 0
        let magnitude = negative ? scaled(value, by: -.one) : value
        guard let degrees = firstQuadrant.first(where: { $0.value == magnitude })?.key else { return nil }
        return Rational(negative ? -degrees : degrees)
    }

    /// The angle in degrees (−90...90) whose tangent is `value`, when it is a table value.
    static func atanDegrees(_ value: Value) -> Rational? {
        let negative = value.signum < 0
        let magnitude = negative ? scaled(value, by: -.one) : value
        guard let degrees = tangents.first(where: { $0.value == magnitude })?.key else { return nil }
        return Rational(negative ? -degrees : degrees)
    }

    private static func scaled(_ value: Value, by factor: Rational) -> Value {
        switch value {
        case .rational(let r): .rational(r * factor)
        case .surd(let s): .surd(Surd(coefficient: s.coefficient * factor, radicand: s.radicand, index: s.index))
        default: value
        }
    }

    private static func half(root n: Int, over d: Int) -> Value {
        .surd(Surd(coefficient: Rational(1, BigInt(d)), radicand: BigInt(n), index: 2))
    }

    private static let firstQuadrant: [Int: Value] = [
        0: .rational(.zero), 30: .rational(Rational(1, 2)), 45: half(root: 2, over: 2),
        60: half(root: 3, over: 2), 90: .rational(.one),
    ]

    private static let tangents: [Int: Value] = [
        0: .rational(.zero), 30: half(root: 3, over: 3), 45: .rational(.one), 60: half(root: 3, over: 1),
    ]
}
