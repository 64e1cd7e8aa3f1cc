import BigInt

/// An approximate real `mantissa · 2^exponent` for the irrational functions, computed to a requested number of
/// bits. Exact rationals never pass through it unless an irrational function needs them.
struct BigFloat: Sendable, Hashable {
    var mantissa: BigInt
    var exponent: Int

    init(mantissa: BigInt, exponent: Int) {
        self.mantissa = mantissa
        self.exponent = exponent
    }

    /// The rational `value` to `precision` significant bits (truncated).
    init(_ value: Rational, precision: Int) {
        if value.isZero {
            self.init(mantissa: 0, exponent: 0)
            return
        }
        let shift = precision - value.numerator.magnitude.bitWidth + value.denominator.magnitude.bitWidth + 1
        let scaled =
            shift >= 0
            ? (value.numerator << shift) / value.denominator
            : value.numerator / (value.denominator << -shift)
        self.init(mantissa: scaled, exponent: -shift)
    }

    /// A fixed-point integer `fixed / 2^fractionBits`.
    init(fixed: BigInt, fractionBits: Int) {
        self.init(mantissa: fixed, exponent: -fractionBits)
    }

    static let zero = BigFloat(mantissa: 0, exponent: 0)

    var isZero: Bool { mantissa.isZero }
    var signum: Int { Int(mantissa.signum()) }
    /// The number of significant bits held.
    var bitLength: Int { mantissa.magnitude.bitWidth }
    /// floor(log2|x|) + 1, the position of the leading bit; 0 for zero.
    var magnitudeExponent: Int { isZero ? Int.min / 4 : bitLength + exponent }

    /// The exact rational this approximation equals.
    var rational: Rational {
        exponent >= 0 ? Rational(mantissa << exponent) : Rational(mantissa, BigInt(1) << -exponent)
    }

    /// The value as a fixed-point integer with `fractionBits` fraction bits (truncated toward minus infinity).
    func fixed(_ fractionBits: Int) -> BigInt {
        let shift = exponent + fractionBits
        return shift >= 0 ? mantissa << shift : mantissa >> -shift
    }

    /// Truncates to at most `precision` significant bits.
    func normalized(_ precision: Int) -> BigFloat {
        let excess = bitLength - precision
        guard excess > 0 else { return self }
        return BigFloat(mantissa: mantissa >> excess, exponent: exponent + excess)
    }

    static prefix func - (value: BigFloat) -> BigFloat {
        BigFloat(mantissa: -value.mantissa, exponent: value.exponent)
    }

    /// The sum to `precision` bits; `cancelled` receives how many leading bits cancelled out.
    static func add(_ lhs: BigFloat, _ rhs: BigFloat, precision: Int, cancelled: inout Int) -> BigFloat {
        if lhs.isZero { return rhs.normalized(precision) }
        if rhs.isZero { return lhs.normalized(precision) }
        let top = max(lhs.magnitudeExponent, rhs.magnitudeExponent)
        // Keep `precision + 64` bits below the larger operand's leading bit; smaller parts are below the noise.
        let floorExponent = top - precision - 64
        let a = lhs.aligned(to: floorExponent)
        let b = rhs.aligned(to: floorExponent)
        let sum = BigFloat(mantissa: a.mantissa + b.mantissa, exponent: floorExponent)
        if sum.isZero { return .zero }
        cancelled = max(cancelled, top - sum.magnitudeExponent)
        return sum.normalized(precision)
    }

    private func aligned(to target: Int) -> BigFloat {
        exponent >= target
            ? BigFloat(mantissa: mantissa << (exponent - target), exponent: target)
            : BigFloat(mantissa: mantissa >> (target - exponent), exponent: target)
    }

    static func multiply(_ lhs: BigFloat, _ rhs: BigFloat, precision: Int) -> BigFloat {
        BigFloat(mantissa: lhs.mantissa * rhs.mantissa, exponent: lhs.exponent + rhs.exponent).normalized(precision)
    }

    /// The quotient; `rhs` must not be zero.
    static func divide(_ lhs: BigFloat, _ rhs: BigFloat, precision: Int) -> BigFloat {
        let shift = max(0, precision + rhs.bitLength - lhs.bitLength + 2)
        return BigFloat(
            mantissa: (lhs.mantissa << shift) / rhs.mantissa,
            exponent: lhs.exponent - rhs.exponent - shift
        ).normalized(precision)
    }

    /// The square root of a non-negative value.
    func squareRoot(precision: Int) -> BigFloat {
        guard !isZero else { return .zero }
        var shift = max(0, 2 * precision + 4 - bitLength)
        if (exponent - shift) % 2 != 0 { shift += 1 }
        let root = BigInt((mantissa << shift).magnitude.squareRoot())
        return BigFloat(mantissa: root, exponent: (exponent - shift) / 2).normalized(precision)
    }
}
