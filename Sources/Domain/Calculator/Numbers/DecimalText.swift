import BigInt

/// Turns exact values into decimal text: plain digits, half-even rounding to significant digits, and
/// rounding to a fixed number of places.
enum DecimalText {
    /// Plain notation between 1e-7 and 1e21; scientific outside.
    static let plainRange = -7..<21

    /// `digits` with a decimal point `pointFromRight` places from the right, trailing fractional zeros removed.
    static func plain(digits: String, negative: Bool, pointFromRight: Int) -> String {
        var text = digits
        if pointFromRight > 0 {
            if text.count <= pointFromRight {
                text = String(repeating: "0", count: pointFromRight - text.count + 1) + text
            }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -pointFromRight))
            while text.last == "0" { text.removeLast() }
            if text.last == "." { text.removeLast() }
        } else if pointFromRight < 0 && text != "0" {
            text += String(repeating: "0", count: -pointFromRight)
        }
        return negative && text != "0" ? "-" + text : text
    }

    /// The integer nearest to `value`, ties to even.
    static func roundHalfEven(_ value: Rational) -> BigInt {
        let floor = value.floor
        let twiceFraction = (value - Rational(floor)) * Rational(2)
        if twiceFraction < .one { return floor }
        if twiceFraction > .one { return floor + 1 }
        return floor.isMultiple(of: 2) ? floor : floor + 1
    }

    /// floor(log10(|value|)) for a non-zero value.
    static func decimalExponent(_ value: Rational) -> Int {
        let magnitude = value.magnitude
        let bits = magnitude.numerator.magnitude.bitWidth - magnitude.denominator.magnitude.bitWidth
        var estimate = Int((Double(bits) * 0.30102999566398120).rounded(.down))
        while power10(estimate) > magnitude { estimate -= 1 }
        while power10(estimate + 1) <= magnitude { estimate += 1 }
        return estimate
    }

    static func power10(_ exponent: Int) -> Rational {
        exponent >= 0 ? Rational(BigInt(10).power(exponent)) : Rational(1, BigInt(10).power(-exponent))
    }

    /// `value` rounded half-even to `digits` significant digits.
    static func rounded(_ value: Rational, significantDigits digits: Int) -> String {
        guard !value.isZero else { return "0" }
        let (scaled, exponent) = roundedDigits(value, significantDigits: digits)
        let negative = value.signum < 0
        if plainRange.contains(exponent) {
            return plain(digits: scaled, negative: negative, pointFromRight: digits - 1 - exponent)
        }
        let mantissa = plain(digits: scaled, negative: negative, pointFromRight: digits - 1)
        return mantissa + (exponent < 0 ? "e-" : "e+") + String(abs(exponent))
    }

    /// The `digits` significant digits of `|value|` rounded half-even, and the decimal exponent of the first one.
    private static func roundedDigits(_ value: Rational, significantDigits digits: Int) -> (String, Int) {
        if case .small(let numerator, let denominator) = value.storage,
            let (scaled, exponent) = smallRounded(numerator, denominator, significantDigits: digits)
        {
            return (String(scaled), exponent)
        }
        var exponent = decimalExponent(value)
        var scaled = roundHalfEven(value.magnitude * power10(digits - 1 - exponent))
        if scaled == BigInt(10).power(digits) {
            scaled /= 10
            exponent += 1
        }
        return (scaled.description, exponent)
    }

    /// `value` rounded to `places` decimal places, half-even or half-up (away from zero), with exactly that many
    /// places written (`1932.90`).
    static func fixed(_ value: Rational, places: Int, halfUp: Bool = false) -> String {
        let scaled = value.magnitude * power10(places)
        let integer: BigInt
        if halfUp {
            integer = (scaled + Rational(1, 2)).floor
        } else {
            integer = roundHalfEven(scaled)
        }
        var digits = integer.description
        if places > 0 {
            if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
        }
        return value.signum < 0 && !integer.isZero ? "-" + digits : digits
    }
}
