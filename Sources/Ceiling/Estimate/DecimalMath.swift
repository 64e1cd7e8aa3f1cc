import Foundation

extension Decimal {
    /// The value rounded half away from zero to `scale` decimal places.
    func rounded(scale: Int) -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, scale, .plain)
        return result
    }

    /// The smallest whole number not below the value.
    func wholeCeiling() -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, .up)
        return result
    }

    /// Whether the value has no fractional part.
    var isWhole: Bool { self == rounded(scale: 0) }

    /// The square root, correct to about 30 significant digits (Newton's method from a `Double` first guess;
    /// `Double` only seeds the iteration, every step is exact decimal arithmetic). 0 for values <= 0.
    func squareRoot() -> Decimal {
        guard self > 0 else { return 0 }
        var root = Decimal(sqrt(NSDecimalNumber(decimal: self).doubleValue))
        for _ in 0..<6 {
            root = (root + self / root) / 2
        }
        return root
    }
}

/// π to 38 significant digits, for the smallest perimeter an area can have (2√(πA)).
let decimalPi = Decimal(string: "3.1415926535897932384626433832795028842")!
