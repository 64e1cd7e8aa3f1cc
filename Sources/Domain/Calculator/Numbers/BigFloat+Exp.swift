import BigInt

extension BigFloat {
    /// The largest |x| accepted by ``exp(precision:)``; callers report larger arguments as overflow.
    static let expLimit = Rational(46_000)

    /// e^x to `precision` bits; |x| must not exceed ``expLimit``.
    func exp(precision: Int) -> BigFloat {
        guard !isZero else { return BigFloat(mantissa: 1, exponent: 0) }
        let halvings = 12
        let work = precision + max(0, magnitudeExponent) + halvings + 24
        let ln2 = Constants.ln2(work)
        let x = fixed(work)
        // x = k·ln2 + r with |r| <= ln2/2, then e^r = (e^(r/2^h))^(2^h).
        let k = (x + ln2 / 2).floorDivided(by: ln2)
        let r = (x - k * ln2) >> halvings
        let one = BigInt(1) << work
        var sum = one
        var term = one
        var index = 1
        while true {
            term = Fixed.multiply(term, r, work) / BigInt(index)
            if term.isZero { break }
            sum += term
            index += 1
        }
        for _ in 0..<halvings { sum = Fixed.multiply(sum, sum, work) }
        return BigFloat(mantissa: sum, exponent: Int(k) - work).normalized(precision)
    }

    /// ln x to `precision` bits; x must be positive.
    func ln(precision: Int) -> BigFloat {
        precondition(signum > 0, "ln of a non-positive value")
        // x = f · 2^e with f in [1/√2, √2).
        let e = exponent + bitLength
        var work = precision + 24
        var extra = 0
        while true {
            work = precision + 24 + extra
            let one = BigInt(1) << work
            var f = fixedFraction(work)
            var scale = e
            if f * f < (one * one) >> 1 {
                f <<= 1
                scale -= 1
            }
            let z = ((f - one) << work) / (f + one)
            // Near x = 1 the result is small; make sure enough of its bits are significant.
            if scale == 0 && !z.isZero && z.magnitude.bitWidth < work - extra - 8 && extra < 4 * precision {
                extra = work - z.magnitude.bitWidth + 16
                continue
            }
            let result = 2 * Fixed.atanhSeries(z, work) + BigInt(scale) * Constants.ln2(work)
            return BigFloat(fixed: result, fractionBits: work).normalized(precision)
        }
    }

    /// The mantissa as a fraction in [1/2, 1) with `bits` fraction bits.
    private func fixedFraction(_ bits: Int) -> BigInt {
        let shift = bits - bitLength
        return shift >= 0 ? mantissa << shift : mantissa >> -shift
    }

    /// x^y = e^(y·ln x) for positive x.
    static func power(_ base: BigFloat, _ exponent: BigFloat, precision: Int) -> BigFloat {
        let work = precision + 16 + max(0, exponent.magnitudeExponent) + 8
        let logarithm = BigFloat.multiply(base.ln(precision: work), exponent, precision: work)
        return logarithm.exp(precision: precision)
    }

    /// x^n by repeated squaring, for an integer n (x non-zero when n is negative).
    func power(_ n: BigInt, precision: Int) -> BigFloat {
        let work = precision + n.magnitude.bitWidth + 8
        var result = BigFloat(mantissa: 1, exponent: 0)
        var base = self
        var rest = n.magnitude
        while !rest.isZero {
            if rest[bitAt: 0] { result = BigFloat.multiply(result, base, precision: work) }
            rest >>= 1
            if !rest.isZero { base = BigFloat.multiply(base, base, precision: work) }
        }
        if n.signum() < 0 { result = BigFloat.divide(BigFloat(mantissa: 1, exponent: 0), result, precision: work) }
        return result.normalized(precision)
    }
}

extension Fixed {
    /// atanh(z) for a fixed-point z with |z| well below 1.
    static func atanhSeries(_ z: BigInt, _ bits: Int) -> BigInt {
        let square = multiply(z, z, bits)
        var power = z
        var sum = z
        var k = 1
        while true {
            power = multiply(power, square, bits)
            k += 2
            let term = power / BigInt(k)
            if term.isZero { break }
            sum += term
        }
        return sum
    }
}

extension BigInt {
    /// The floored quotient (rounds toward minus infinity).
    func floorDivided(by divisor: BigInt) -> BigInt {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return !remainder.isZero && (remainder.signum() != divisor.signum()) ? quotient - 1 : quotient
    }
}
