import BigInt
import Calculator

extension Rational {
    /// The smallest whole number not below the value.
    var wholeCeiling: Rational { Rational(ceiling) }

    /// The whole value as an `Int`; the caller has rounded it and knows it fits.
    var wholeInt: Int {
        guard let value = intValue else { preconditionFailure("\(decimalText) is not a whole Int") }
        return value
    }

    /// The square root rounded half up to `places` decimal places, exactly: the integer nearest √(value·10²ᵖ),
    /// over 10ᵖ. 0 for values <= 0.
    func squareRoot(places: Int) -> Rational {
        guard signum > 0 else { return .zero }
        let scale = BigInt(10).power(places)
        let scaled = self * Rational(scale * scale)
        let whole = scaled.floor.magnitude.squareRoot()
        // √scaled lies in [whole, whole + 1); it rounds up when scaled >= (whole + ½)².
        let half = Rational(BigInt(whole)) + Rational(1, 2)
        let nearest = scaled >= half * half ? whole + 1 : whole
        return Rational(BigInt(nearest), scale)
    }
}

/// π to 38 significant digits, for the smallest perimeter an area can have (2√(πA)).
let rationalPi = Rational(decimalText: "3.1415926535897932384626433832795028842")!
