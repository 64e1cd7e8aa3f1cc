/// Machine-word fast paths for ``DecimalText``. Values stored small (parts below 2^62) are scaled and rounded in
/// 128-bit integers, which gives exactly the digits of the `BigInt` path; `nil` means an intermediate would not fit
/// and the caller takes the general path.
extension DecimalText {
    /// `|numerator| / denominator` (non-zero, denominator > 0) rounded half-even to `digits` significant digits:
    /// the digits as an integer and the decimal exponent of the leading one (after a carry such as 9.99 → 10.0).
    static func smallRounded(
        _ numerator: Int,
        _ denominator: Int,
        significantDigits digits: Int
    ) -> (scaled: UInt128, exponent: Int)? {
        guard digits <= 19 else { return nil }
        let top = UInt128(numerator.magnitude)
        let bottom = UInt128(denominator)
        let exponent = floorLog10(top, bottom)
        let shift = digits - 1 - exponent
        guard let power = powerOfTen(abs(shift)) else { return nil }
        let (dividend, overflowTop) = shift >= 0 ? top.multipliedReportingOverflow(by: power) : (top, false)
        let (divisor, overflowBottom) = shift < 0 ? bottom.multipliedReportingOverflow(by: power) : (bottom, false)
        guard !overflowTop && !overflowBottom else { return nil }
        let scaled = roundHalfEven(dividend, divisor)
        return scaled == powerOfTen(digits) ? (scaled / 10, exponent + 1) : (scaled, exponent)
    }

    /// `numerator · 10^places / denominator` when it is exact and fits, for terminating decimals.
    static func smallScaled(_ numerator: Int, _ denominator: Int, places: Int) -> UInt128? {
        guard let power = powerOfTen(places) else { return nil }
        let (scaled, overflow) = UInt128(numerator.magnitude).multipliedReportingOverflow(by: power)
        return overflow ? nil : scaled / UInt128(denominator)
    }

    /// floor(log10(top / bottom)) for non-zero parts below 2^62.
    private static func floorLog10(_ top: UInt128, _ bottom: UInt128) -> Int {
        if top >= bottom {
            var quotient = top / bottom
            var exponent = 0
            while quotient >= 10 {
                quotient /= 10
                exponent += 1
            }
            return exponent
        }
        var scaled = top * 10
        var exponent = -1
        while scaled < bottom {
            scaled *= 10
            exponent -= 1
        }
        return exponent
    }

    /// 10^exponent, or `nil` beyond 10^38.
    private static func powerOfTen(_ exponent: Int) -> UInt128? {
        guard exponent <= 38 else { return nil }
        var power: UInt128 = 1
        for _ in 0..<exponent { power *= 10 }
        return power
    }

    /// The integer nearest to `dividend / divisor`, ties to even.
    private static func roundHalfEven(_ dividend: UInt128, _ divisor: UInt128) -> UInt128 {
        let (quotient, remainder) = dividend.quotientAndRemainder(dividingBy: divisor)
        let twice = remainder << 1
        if twice > divisor || (twice == divisor && quotient & 1 == 1) { return quotient + 1 }
        return quotient
    }
}
