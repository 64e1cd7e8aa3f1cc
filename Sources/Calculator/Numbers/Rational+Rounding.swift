extension Rational {
    /// The value rounded half away from zero to `places` decimal places (a negative `places` rounds to tens,
    /// hundreds, ...): `round(2.345, 2)` is 2.35 and `round(-2.5)` is -3.
    public func rounded(places: Int = 0) -> Rational {
        let scale = 0...18 ~= places ? Rational(Self.powersOfTen[places]) : Rational(10).power(places)
        let scaled = self * scale
        let half = Rational(1, 2)
        let integer = scaled.signum < 0 ? -((-scaled) + half).floor : (scaled + half).floor
        return Rational(integer) / scale
    }
}
