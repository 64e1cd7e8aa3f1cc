import BigInt

/// How money amounts are rounded for display. Amounts are carried exactly and rounded only where stated.
public enum MoneyRounding: String, Sendable, Hashable, Codable {
    /// Round half to even (banker's rounding), the default.
    case halfEven = "half_even"
    /// Round half away from zero, as most bank schedules do.
    case halfUp = "half_up"

    /// `value` rounded to `places` decimals, written with exactly that many places (`1932.90`).
    public func text(_ value: Rational, places: Int = 2) -> String {
        DecimalText.fixed(value, places: places, halfUp: self == .halfUp)
    }

    /// `value` rounded to `places` decimals.
    public func round(_ value: Rational, places: Int = 2) -> Rational {
        guard let rounded = Rational(parsing: text(value, places: places)) else { fatalError("unparsable rounding") }
        return rounded
    }
}

extension Rational {
    /// The exact decimal when it ends within `exactPlaces` decimal places, else the value to `digits`
    /// significant digits (so a binary approximation is never written out as thousands of digits).
    public func display(digits: Int = 15, exactPlaces: Int = 40) -> String {
        terminatingDecimal(maxPlaces: exactPlaces) ?? formatted(significantDigits: digits)
    }

    /// The value truncated to `places` decimals when its parts have grown past `bits` bits, so long
    /// simulations with inexact growth factors stay fast; exact values that stay small are untouched.
    func bounded(bits: Int = 1024, places: Int = 40) -> Rational {
        guard bitWidth > bits else { return self }
        let scale = BigInt(10).power(places)
        return Rational((self * Rational(scale)).floor, scale)
    }

    /// `self` to the `n`th power: exact while the exact fraction stays within 65,536 bits and `self` within 128,
    /// else carried at 256 bits (about 77 significant digits), far past the digits any result shows. An exact power
    /// of a 220-bit growth factor over 20,000 periods would take minutes and megabytes.
    func compoundedPower(_ n: Int) -> Rational {
        guard bitWidth > 128 || bitWidth * n > 65_536 else { return power(n) }
        return BigFloat(self, precision: 256).power(BigInt(n), precision: 256).rational
    }

    /// Parses a money or rate argument.
    /// - Throws: ``CalculatorError`` `invalid_argument` naming `field`.
    static func argument(_ text: String, field: String) throws -> Rational {
        guard let value = Rational(parsing: text) else {
            throw CalculatorError(.invalidArgument, "\(field) must be a decimal number, got '\(text)'", field: field)
        }
        return value
    }
}

extension BigFloat {
    /// The growth factor x^(p/q) for a positive rational x, to about 60 significant digits, as a rational.
    static func rationalPower(_ base: Rational, _ exponent: Rational) -> Rational {
        let bits = 220
        let value = power(
            BigFloat(base, precision: bits + 16),
            BigFloat(exponent, precision: bits + 16),
            precision: bits
        )
        return value.rational
    }

    /// e^x for a rational x, to about 60 significant digits, as a rational.
    static func rationalExp(_ x: Rational) -> Rational {
        BigFloat(x, precision: 240).exp(precision: 220).rational
    }
}
