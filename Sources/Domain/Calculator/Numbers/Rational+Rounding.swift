extension Rational {
    /// The value rounded half away from zero to `places` decimal places (a negative `places` rounds to tens,
    /// hundreds, ...): `round(2.345, 2)` is 2.35 and `round(-2.5)` is -3.
    public func rounded(places: Int = 0) -> Rational {
        if case .small(let numerator, let denominator) = storage, (0...18).contains(places),
            let rounded = Self.roundedScaled(numerator, denominator, scale: Self.powersOfTen[places])
        {
            return Rational(rounded, Self.powersOfTen[places])
        }
        let scale = Rational(10).power(places)
        let scaled = self * scale
        let half = Rational(1, 2)
        let integer = scaled.signum < 0 ? -((-scaled) + half).floor : (scaled + half).floor
        return Rational(integer) / scale
    }

    /// `numerator / denominator × scale` rounded half away from zero in word arithmetic, or `nil` when it does not
    /// fit (the caller then rounds through `BigInt`).
    private static func roundedScaled(_ numerator: Int, _ denominator: Int, scale: Int) -> Int? {
        let (scaled, overflow) = numerator.magnitude.multipliedReportingOverflow(by: UInt(scale))
        guard !overflow else { return nil }
        let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: UInt(denominator))
        // The denominator is below 2^62, so twice the remainder fits.
        let magnitude = remainder * 2 >= UInt(denominator) ? quotient + 1 : quotient
        guard let rounded = Int(exactly: magnitude) else { return nil }
        return numerator < 0 ? -rounded : rounded
    }
}
