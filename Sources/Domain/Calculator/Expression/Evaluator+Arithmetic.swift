import BigInt

extension Evaluator {
    func negate(_ value: Value) -> Value {
        switch value {
        case .rational(let r): .rational(-r)
        case .piMultiple(let q): .piMultiple(-q)
        case .surd(let surd): .surd(Surd(coefficient: -surd.coefficient, radicand: surd.radicand, index: surd.index))
        case .approx(let f): .approx(-f)
        }
    }

    mutating func add(_ lhs: Value, _ rhs: Value) -> Value {
        switch (lhs, rhs) {
        case (.rational(let a), .rational(let b)): return .rational(a + b)
        case (.rational(let a), _) where a.isZero: return rhs
        case (_, .rational(let b)) where b.isZero: return lhs
        case (.piMultiple(let a), .piMultiple(let b)): return .pi(times: a + b)
        case (.surd(let a), .surd(let b)) where a.radicand == b.radicand && a.index == b.index:
            let sum = a.coefficient + b.coefficient
            return sum.isZero ? .rational(.zero) : .surd(Surd(coefficient: sum, radicand: a.radicand, index: a.index))
        default:
            return .approx(
                BigFloat.add(
                    lhs.approximation(precision),
                    rhs.approximation(precision),
                    precision: precision,
                    cancelled: &cancelled
                )
            )
        }
    }

    func multiply(_ lhs: Value, _ rhs: Value) throws -> Value {
        switch (lhs, rhs) {
        case (.rational(let a), .rational(let b)): return try checked(a * b, position: 0)
        case (.rational(let a), _) where a.isZero, (_, .rational(let a)) where a.isZero: return .rational(.zero)
        case (.rational(let a), .piMultiple(let q)), (.piMultiple(let q), .rational(let a)): return .pi(times: a * q)
        case (.rational(let a), .surd(var s)), (.surd(var s), .rational(let a)):
            s.coefficient = s.coefficient * a
            return .surd(s)
        case (.surd(let a), .surd(let b)) where a.index == b.index: return .from(Surd.multiply(a, b))
        default:
            return .approx(
                BigFloat.multiply(
                    lhs.approximation(precision),
                    rhs.approximation(precision),
                    precision: precision
                )
            )
        }
    }

    func reciprocal(_ value: Value, position: Int) throws -> Value {
        switch value {
        case .rational(let r):
            guard !r.isZero else { throw divisionByZero(position) }
            return .rational(r.reciprocal)
        case .surd(let s): return .from(s.power(-1))
        case .piMultiple, .approx:
            let float = value.approximation(precision)
            guard !float.isZero else { throw divisionByZero(position) }
            return .approx(BigFloat.divide(BigFloat(mantissa: 1, exponent: 0), float, precision: precision))
        }
    }

    func divide(_ lhs: Value, _ rhs: Value, position: Int) throws -> Value {
        guard rhs.signum != 0 else { throw divisionByZero(position) }
        switch (lhs, rhs) {
        case (.piMultiple(let a), .piMultiple(let b)): return .rational(a / b)
        case (.rational, _), (.surd, .surd), (_, .rational):
            return try multiply(lhs, try reciprocal(rhs, position: position))
        default:
            return .approx(
                BigFloat.divide(
                    lhs.approximation(precision),
                    rhs.approximation(precision),
                    precision: precision
                )
            )
        }
    }

    /// The floored remainder: `-7 mod 3` = 2.
    mutating func modulo(_ lhs: Value, _ rhs: Value, position: Int) throws -> Value {
        guard rhs.signum != 0 else { throw divisionByZero(position) }
        if case .rational(let a) = lhs, case .rational(let b) = rhs { return .rational(a.floorMod(b)) }
        let quotient = try floorDivide(lhs, rhs, position: position)
        return add(lhs, negate(try multiply(rhs, quotient)))
    }

    /// Floor division, the integer quotient rounded toward minus infinity: `7 // 2` = 3, `-7 // 2` = -4; with
    /// ``modulo(_:_:position:)``, `a = b·(a // b) + (a mod b)`. Exact for rationals.
    func floorDivide(_ lhs: Value, _ rhs: Value, position: Int) throws -> Value {
        guard rhs.signum != 0 else { throw divisionByZero(position) }
        if case .rational(let a) = lhs, case .rational(let b) = rhs { return .rational(Rational((a / b).floor)) }
        let quotient = BigFloat.divide(
            lhs.approximation(precision),
            rhs.approximation(precision),
            precision: precision
        ).rational.floor
        return .rational(Rational(quotient))
    }

    func divisionByZero(_ position: Int) -> CalculatorError {
        CalculatorError(
            .divisionByZero,
            "division by zero (column \(position))",
            field: "expression",
            position: position
        )
    }
}
