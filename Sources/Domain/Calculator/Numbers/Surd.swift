import BigInt

/// An exact real root `coefficient · ⁿ√radicand` with an integer radicand > 1 that has no n-th power factor
/// below 1000², kept so `sqrt(8)` stays `2*sqrt(2)` and `sqrt(2)^2` is exactly 2.
struct Surd: Sendable, Hashable {
    var coefficient: Rational
    var radicand: BigInt
    var index: Int

    /// Either an exact rational or a surd.
    enum Root: Sendable, Hashable {
        case rational(Rational)
        case surd(Surd)
    }

    /// The real n-th root of `value` times `coefficient`; a negative value needs an odd index (callers check).
    static func root(of value: Rational, index: Int, times coefficient: Rational = .one) -> Root {
        precondition(index >= 2 && (value.signum >= 0 || index % 2 == 1), "no real root")
        if value.isZero { return .rational(.zero) }
        let sign = Rational(value.signum)
        // a/b = a·b^(n−1) / b^n, so ⁿ√(a/b) = ⁿ√(a·b^(n−1)) / b.
        var radicand = value.numerator.magnitude * value.denominator.magnitude.power(index - 1)
        var outside = BigUInt(1)
        for prime in smallPrimes {
            let power = BigUInt(prime).power(index)
            if power > radicand { break }
            while radicand.isMultiple(of: power) {
                radicand /= power
                outside *= BigUInt(prime)
            }
        }
        let candidate = integerRoot(radicand, index)
        if candidate.power(index) == radicand {
            outside *= candidate
            radicand = 1
        }
        let factor = coefficient * sign * Rational(BigInt(outside), value.denominator)
        if radicand == 1 { return .rational(factor) }
        return .surd(Surd(coefficient: factor, radicand: BigInt(radicand), index: index))
    }

    /// The surd raised to an integer power: (c·ⁿ√m)^k = c^k · m^(k div n) · ⁿ√(m^(k mod n)).
    func power(_ k: Int) -> Root {
        if k < 0 { return Surd.reciprocal(of: self, power: -k) }
        let whole = Rational(radicand).power(k / index)
        let rest = k % index
        let coefficientPower = coefficient.power(k) * whole
        if rest == 0 { return .rational(coefficientPower) }
        return Surd.root(of: Rational(radicand).power(rest), index: index, times: coefficientPower)
    }

    private static func reciprocal(of surd: Surd, power k: Int) -> Root {
        switch surd.power(k) {
        case .rational(let value): return .rational(value.reciprocal)
        case .surd(let raised):
            // 1/(c·ⁿ√m) = ⁿ√(m^(n−1)) / (c·m).
            let scale = (raised.coefficient * Rational(raised.radicand)).reciprocal
            return root(of: Rational(raised.radicand).power(raised.index - 1), index: raised.index, times: scale)
        }
    }

    /// The product of two surds of the same index.
    static func multiply(_ lhs: Surd, _ rhs: Surd) -> Root {
        root(
            of: Rational(lhs.radicand * rhs.radicand),
            index: lhs.index,
            times: lhs.coefficient * rhs.coefficient
        )
    }

    /// `2*sqrt(2)`, `sqrt(2)/2`, `-cbrt(4)`, `3*root(5, 4)`.
    var text: String {
        let core: String =
            switch index {
            case 2: "sqrt(\(radicand))"
            case 3: "cbrt(\(radicand))"
            default: "root(\(radicand), \(index))"
            }
        return SymbolText.scaled(core, by: coefficient)
    }

    /// The value to `precision` bits.
    func approximation(precision: Int) -> BigFloat {
        let work = precision + 16
        let base = BigFloat(Rational(radicand), precision: work)
        let root =
            index == 2
            ? base.squareRoot(precision: work)
            : BigFloat.power(base, BigFloat(Rational(1, BigInt(index)), precision: work), precision: work)
        return BigFloat.multiply(BigFloat(coefficient, precision: work), root, precision: precision)
    }

    private static let smallPrimes: [Int] = {
        var sieve = [Bool](repeating: true, count: 1001)
        var primes: [Int] = []
        for n in 2...1000 where sieve[n] {
            primes.append(n)
            for multiple in stride(from: n * n, through: 1000, by: n) { sieve[multiple] = false }
        }
        return primes
    }()
}

/// ⌊ⁿ√x⌋ by Newton's method.
func integerRoot(_ x: BigUInt, _ n: Int) -> BigUInt {
    if x < 2 { return x }
    if n == 2 { return x.squareRoot() }
    var guess = BigUInt(1) << ((x.bitWidth + n - 1) / n)
    while true {
        let next = (BigUInt(n - 1) * guess + x / guess.power(n - 1)) / BigUInt(n)
        if next >= guess { return guess }
        guess = next
    }
}

/// Writes symbolic forms scaled by a rational: `2*pi`, `pi/4`, `3*pi/4`, `-sqrt(3)/2`.
enum SymbolText {
    static func scaled(_ core: String, by factor: Rational) -> String {
        let sign = factor.signum < 0 ? "-" : ""
        let top = factor.numerator.magnitude
        let bottom = factor.denominator
        let head = top == 1 ? core : "\(top)*\(core)"
        return sign + (bottom == 1 ? head : "\(head)/\(bottom)")
    }
}
