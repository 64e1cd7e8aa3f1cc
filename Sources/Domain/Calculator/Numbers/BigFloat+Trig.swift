import BigInt

extension BigFloat {
    /// π to `precision` bits.
    static func pi(precision: Int) -> BigFloat {
        BigFloat(fixed: Constants.pi(precision + 2), fractionBits: precision + 2).normalized(precision)
    }

    /// (sin x, cos x) to `precision` bits each.
    func sinCos(precision: Int) -> (sin: BigFloat, cos: BigFloat) {
        guard !isZero else { return (.zero, BigFloat(mantissa: 1, exponent: 0)) }
        var work = precision + 24 + max(0, magnitudeExponent)
        while true {
            let halfPi = Constants.pi(work) >> 1
            let x = fixed(work)
            let k = (x + halfPi / 2).floorDivided(by: halfPi)
            let r = x - k * halfPi
            // Near a multiple of π/2 the reduced argument loses leading bits: redo with more.
            let significant = r.magnitude.bitWidth - k.magnitude.bitWidth - 2
            if !r.isZero && significant < precision + 8 && work < 8 * precision + 256 {
                work += precision + 8 - significant + 16
                continue
            }
            let (s, c) = Fixed.sinCosSeries(r, work)
            let quadrant = Int(k.modulus(4))
            let pair: (BigInt, BigInt) =
                switch quadrant {
                case 0: (s, c)
                case 1: (c, -s)
                case 2: (-s, -c)
                default: (-c, s)
                }
            return (
                BigFloat(fixed: pair.0, fractionBits: work).normalized(precision),
                BigFloat(fixed: pair.1, fractionBits: work).normalized(precision)
            )
        }
    }

    /// atan x to `precision` bits.
    func atan(precision: Int) -> BigFloat {
        guard !isZero else { return .zero }
        let negative = signum < 0
        var value = negative ? -self : self
        let inverted = value.magnitudeExponent > 1
        if inverted { value = BigFloat.divide(BigFloat(mantissa: 1, exponent: 0), value, precision: precision + 16) }
        let work = precision + 24 + max(0, -value.magnitudeExponent)
        let one = BigInt(1) << work
        var a = value.fixed(work)
        // Two halvings: atan(a) = 2·atan(a / (1 + √(1 + a²))).
        for _ in 0..<2 {
            let root = BigInt(((one << work) + a * a).magnitude.squareRoot())
            a = (a << work) / (one + root)
        }
        var result = Fixed.atanSeries(a, work) << 2
        if inverted { result = (Constants.pi(work) >> 1) - result }
        let float = BigFloat(fixed: result, fractionBits: work).normalized(precision)
        return negative ? -float : float
    }
}

extension Fixed {
    /// sin r and cos r for a fixed-point |r| <= π/4.
    static func sinCosSeries(_ r: BigInt, _ bits: Int) -> (BigInt, BigInt) {
        let square = multiply(r, r, bits)
        var sinTerm = r
        var sinSum = r
        var cosTerm = BigInt(1) << bits
        var cosSum = cosTerm
        var n = 1
        while !sinTerm.isZero || !cosTerm.isZero {
            cosTerm = -multiply(cosTerm, square, bits) / BigInt(n * (n + 1))
            sinTerm = -multiply(sinTerm, square, bits) / BigInt((n + 1) * (n + 2))
            cosSum += cosTerm
            sinSum += sinTerm
            n += 2
        }
        return (sinSum, cosSum)
    }

    /// atan(a) for a fixed-point |a| well below 1.
    static func atanSeries(_ a: BigInt, _ bits: Int) -> BigInt {
        let square = multiply(a, a, bits)
        var power = a
        var sum = a
        var k = 1
        while true {
            power = -multiply(power, square, bits)
            k += 2
            let term = power / BigInt(k)
            if term.isZero { break }
            sum += term
        }
        return sum
    }
}
