import BigInt

extension Evaluator {
    /// sin, cos or tan, exact at multiples of 30° and 45°; `tan` at a pole is `undefined`.
    mutating func trig(_ kind: Functions.Kind, _ value: Value, position: Int) throws -> Value {
        let radians = angle == .degrees ? try multiply(value, .piMultiple(Rational(1, 180))) : value
        let turns: Rational? =
            switch radians {
            case .piMultiple(let q): q
            case .rational(let r) where r.isZero: .zero
            default: nil
            }
        if let q = turns, let sin = ExactTrig.sin(piTimes: q), let cos = ExactTrig.cos(piTimes: q) {
            switch kind {
            case .sin: return sin
            case .cos: return cos
            default:
                guard cos.signum != 0 else { throw pole(position) }
                return try divide(sin, cos, position: position)
            }
        }
        // An approximate argument carries absolute error |x|·2^-precision into the result.
        if case .approx(let float) = radians { cancelled = max(cancelled, float.magnitudeExponent) }
        let extra = max(0, radians.bitEstimate)
        let (sin, cos) = radians.approximation(precision + extra + 16).sinCos(precision: precision + 8)
        switch kind {
        case .sin: return .approx(sin.normalized(precision))
        case .cos: return .approx(cos.normalized(precision))
        default:
            guard !cos.isZero else { throw pole(position) }
            return .approx(BigFloat.divide(sin, cos, precision: precision))
        }
    }

    /// asin, acos or atan, exact at the table values, in the request's angle unit.
    mutating func inverseTrig(_ kind: Functions.Kind, _ value: Value, position: Int) throws -> Value {
        if kind != .atan {
            let magnitude = value.signum < 0 ? negate(value) : value
            if case .rational(let r) = magnitude, r > .one {
                throw domainError("\(kind) needs a value from -1 to 1", position: position)
            }
            if case .approx(let f) = magnitude, f.rational > .one {
                throw domainError("\(kind) needs a value from -1 to 1", position: position)
            }
        }
        let exactDegrees = kind == .atan ? ExactTrig.atanDegrees(value) : ExactTrig.asinDegrees(value)
        if let degrees = exactDegrees {
            return angleValue(degrees: kind == .acos ? Rational(90) - degrees : degrees)
        }
        let work = precision + 16
        let x = value.approximation(work)
        var radians: BigFloat
        if kind == .atan {
            radians = x.atan(precision: work)
        } else {
            var lost = 0
            let one = BigFloat(mantissa: 1, exponent: 0)
            let complement = BigFloat.add(
                one,
                -BigFloat.multiply(x, x, precision: work),
                precision: work,
                cancelled: &lost
            )
            let tangent = BigFloat.divide(x, complement.squareRoot(precision: work), precision: work + lost)
            radians = tangent.atan(precision: work)
            if kind == .acos {
                radians = BigFloat.add(
                    BigFloat.multiply(
                        .pi(precision: work),
                        BigFloat(mantissa: 1, exponent: -1),
                        precision: work
                    ),
                    -radians,
                    precision: work,
                    cancelled: &lost
                )
            }
        }
        return angleValue(radians: radians)
    }

    /// atan2(y, x): the angle of the point (x, y), in (−180°, 180°].
    mutating func atan2(_ y: Value, _ x: Value, position: Int) throws -> Value {
        if x.signum == 0 {
            guard y.signum != 0 else { throw pole(position) }
            return angleValue(degrees: Rational(y.signum * 90))
        }
        let base = try inverseTrig(.atan, try divide(y, x, position: position), position: position)
        guard x.signum < 0 else { return base }
        return add(base, angleValue(degrees: Rational(y.signum < 0 ? -180 : 180)))
    }

    private func angleValue(degrees: Rational) -> Value {
        angle == .degrees ? .rational(degrees) : .pi(times: degrees / Rational(180))
    }

    private func angleValue(radians: BigFloat) -> Value {
        guard angle == .degrees else { return .approx(radians.normalized(precision)) }
        let work = precision + 16
        let perRadian = BigFloat.divide(BigFloat(Rational(180), precision: work), .pi(precision: work), precision: work)
        return .approx(BigFloat.multiply(radians, perRadian, precision: precision))
    }

    private func pole(_ position: Int) -> CalculatorError {
        CalculatorError(
            .undefined,
            "undefined: the function has a pole here (column \(position))",
            field: "expression",
            position: position
        )
    }
}
