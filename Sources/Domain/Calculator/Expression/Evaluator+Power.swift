import BigInt

extension Evaluator {
    /// `base ^ exponent`: exact for rational bases and integer exponents, surds for rational exponents
    /// (`(-8)^(1/3)` = -2: odd roots of negatives are real), `e^(y·ln x)` otherwise.
    func power(_ base: Value, _ exponent: Value, position: Int) throws -> Value {
        if case .rational(let q) = exponent {
            if q.isInteger { return try integerPower(base, q.numerator, position: position) }
            if case .rational(let b) = base, q.denominator <= 64 {
                return try rationalRoot(b, q, position: position)
            }
        }
        if base.signum == 0 {
            guard exponent.signum > 0 else { throw divisionByZero(position) }
            return .rational(.zero)
        }
        guard base.signum > 0 else {
            throw domainError("a negative number to a non-integer power has no real value", position: position)
        }
        let exponentFloat = exponent.approximation(precision + 16)
        let work = precision + 16 + max(0, exponentFloat.magnitudeExponent)
        let logarithm = BigFloat.multiply(
            base.approximation(work).ln(precision: work),
            exponentFloat,
            precision: work
        )
        guard logarithm.rational.magnitude <= BigFloat.expLimit else { throw overflowError(position: position) }
        return .approx(logarithm.exp(precision: precision))
    }

    private func integerPower(_ base: Value, _ n: BigInt, position: Int) throws -> Value {
        if base.signum == 0 {
            guard n.signum() >= 0 else { throw divisionByZero(position) }
            return .rational(n.isZero ? .one : .zero)
        }
        switch base {
        case .rational, .surd:
            guard n.magnitude.bitWidth < 40, base.bitEstimate * Int(n.magnitude) <= Self.maxExactBits + 64 else {
                throw overflowError(position: position)
            }
            if case .surd(let s) = base { return .from(s.power(Int(n))) }
            return try checked(base.rational!.power(Int(n)), position: position)
        case .piMultiple, .approx:
            guard n.magnitude > 10_000 else {
                return .approx(base.approximation(precision + 16).power(n, precision: precision))
            }
            let magnitude = try power(
                base.signum < 0 ? negate(base) : base,
                .approx(BigFloat(Rational(n), precision: precision + 64)),
                position: position
            )
            return base.signum < 0 && !n.isMultiple(of: 2) ? negate(magnitude) : magnitude
        }
    }

    /// b^(p/q) for rational b: the real q-th root of b^p.
    private func rationalRoot(_ base: Rational, _ exponent: Rational, position: Int) throws -> Value {
        let index = Int(exponent.denominator)
        let raised = try integerPower(.rational(base), exponent.numerator, position: position)
        guard case .rational(let value) = raised else { return raised }
        if value.signum < 0 && index % 2 == 0 {
            throw domainError("an even root of a negative number has no real value", position: position)
        }
        if value.signum < 0 {
            return negate(.from(Surd.root(of: -value, index: index)))
        }
        return .from(Surd.root(of: value, index: index))
    }

    /// The real n-th root of a value (`root(-32, 5)` = -2).
    func root(_ value: Value, index: Int, position: Int) throws -> Value {
        if value.signum < 0 && index % 2 == 0 {
            throw domainError("an even root of a negative number has no real value", position: position)
        }
        if case .rational(let r) = value {
            return r.signum < 0 ? negate(.from(Surd.root(of: -r, index: index))) : .from(Surd.root(of: r, index: index))
        }
        if value.signum == 0 { return .rational(.zero) }
        let magnitude = value.signum < 0 ? negate(value) : value
        let result: Value
        if index == 2 {
            result = .approx(magnitude.approximation(precision + 8).squareRoot(precision: precision))
        } else {
            result = try power(magnitude, .rational(Rational(1, BigInt(index))), position: position)
        }
        return value.signum < 0 ? negate(result) : result
    }
}

extension Value {
    /// About how many bits the value's largest part needs, for overflow checks before exponentiation.
    var bitEstimate: Int {
        switch self {
        case .rational(let r): r.bitWidth
        case .piMultiple(let q): max(q.numerator.magnitude.bitWidth, q.denominator.magnitude.bitWidth) + 2
        case .surd(let s):
            max(s.coefficient.numerator.magnitude.bitWidth, s.coefficient.denominator.magnitude.bitWidth)
                + s.radicand.magnitude.bitWidth
        case .approx(let f): f.isZero ? 1 : abs(f.magnitudeExponent) + 1
        }
    }
}
