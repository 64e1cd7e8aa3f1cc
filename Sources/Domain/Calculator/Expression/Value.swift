import BigInt

/// An intermediate result: exact where it can be, symbolic for π multiples and roots, approximate otherwise.
enum Value: Sendable, Hashable {
    case rational(Rational)
    /// q·π for a non-zero rational q.
    case piMultiple(Rational)
    case surd(Surd)
    case approx(BigFloat)

    static func from(_ root: Surd.Root) -> Value {
        switch root {
        case .rational(let value): .rational(value)
        case .surd(let surd): .surd(surd)
        }
    }

    static func pi(times factor: Rational) -> Value {
        factor.isZero ? .rational(.zero) : .piMultiple(factor)
    }

    var rational: Rational? {
        if case .rational(let value) = self { return value }
        return nil
    }

    /// Whether the value is known exactly (everything but `.approx`).
    var isExact: Bool {
        if case .approx = self { return false }
        return true
    }

    /// -1, 0 or 1.
    var signum: Int {
        switch self {
        case .rational(let value): value.signum
        case .piMultiple(let factor): factor.signum
        case .surd(let surd): surd.coefficient.signum
        case .approx(let float): float.signum
        }
    }

    /// The value to `precision` bits.
    func approximation(_ precision: Int) -> BigFloat {
        switch self {
        case .rational(let value): BigFloat(value, precision: precision)
        case .piMultiple(let factor):
            BigFloat.multiply(
                BigFloat(factor, precision: precision + 8),
                .pi(precision: precision + 8),
                precision: precision
            )
        case .surd(let surd): surd.approximation(precision: precision)
        case .approx(let float): float.normalized(precision)
        }
    }

    /// The exact symbolic text (`1/3`, `pi/4`, `2*sqrt(2)`), or `nil` for approximations.
    var exactText: String? {
        switch self {
        case .rational(let value): value.terminatingDecimal ?? value.fractionText
        case .piMultiple(let factor): SymbolText.scaled("pi", by: factor)
        case .surd(let surd): surd.text
        case .approx: nil
        }
    }
}
