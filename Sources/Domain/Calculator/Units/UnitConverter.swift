import BigInt

/// Converts values between units of one category with exact rational factors.
///
/// ```swift
/// let result = try UnitConverter.shared.convert("5", from: "mi", to: "km")   // value "8.04672", exact
/// ```
public struct UnitConverter: Sendable {
    /// The converter over every unit in the catalogue, built once.
    public static let shared = UnitConverter()

    private let index: UnitIndex

    init() { index = UnitIndex(UnitCatalog.all) }

    /// A converted value.
    public struct Result: Sendable, Hashable {
        /// The exact decimal when the result has one, else the value rounded to the requested digits.
        public var value: String
        /// Whether `value` is exactly the result.
        public var exact: Bool
        /// The exact result as a fraction (`340/9`) or with π (`45/pi`) when `value` is rounded.
        public var exactForm: String?
        public var from: UnitDefinition
        public var to: UnitDefinition
        public var category: UnitCategory
    }

    /// Every unit, optionally of one category, in catalogue order.
    public func units(in category: UnitCategory? = nil) -> [UnitDefinition] {
        guard let category else { return index.units }
        return index.units.filter { $0.category == category }
    }

    /// The unit spelled `text` (symbol, name or alias; case-, space- and plural-tolerant).
    /// - Throws: ``CalculatorError`` `not_found` listing close matches.
    public func unit(_ text: String, field: String = "unit") throws -> UnitDefinition {
        try index.unit(text, field: field)
    }

    /// Converts `value` (a decimal or fraction string) from one unit to another.
    /// - Parameter digits: significant digits for results without an exact decimal (default 15).
    /// - Throws: ``CalculatorError``: `invalid_argument` (bad number, different categories, zero for a reciprocal
    ///   unit, below absolute zero), `not_found` (unknown unit).
    public func convert(_ value: String, from: String, to: String, digits: Int = 15) throws -> Result {
        guard let amount = Rational(parsing: value) else {
            throw CalculatorError(.invalidArgument, "value must be a decimal number, got '\(value)'", field: "value")
        }
        return try convert(amount, from: unit(from, field: "from"), to: unit(to, field: "to"), digits: digits)
    }

    /// Converts an exact amount between two known units.
    /// - Throws: ``CalculatorError`` `invalid_argument` as for ``convert(_:from:to:digits:)``.
    public func convert(
        _ amount: Rational,
        from source: UnitDefinition,
        to target: UnitDefinition,
        digits: Int = 15
    ) throws -> Result {
        guard source.category == target.category else {
            throw CalculatorError(
                .invalidArgument,
                "cannot convert \(source.category.rawValue) (\(source.symbol)) "
                    + "to \(target.category.rawValue) (\(target.symbol))",
                field: "to"
            )
        }
        let (base, basePi) = try toBase(amount, source)
        let (result, piPower) = try fromBase(base, basePi, target)
        if source.category == .temperature, base.signum < 0 {
            throw CalculatorError(.invalidArgument, "temperature below absolute zero", field: "value")
        }
        if piPower == 0 {
            if let decimal = result.terminatingDecimal {
                return Result(value: decimal, exact: true, from: source, to: target, category: source.category)
            }
            return Result(
                value: result.formatted(significantDigits: digits),
                exact: false,
                exactForm: result.fractionText,
                from: source,
                to: target,
                category: source.category
            )
        }
        let symbolic: Value = piPower > 0 ? .piMultiple(result) : .rational(result)
        let text = Self.piScaled(result, power: piPower, digits: digits)
        let form = piPower > 0 ? symbolic.exactText : SymbolText.scaled("1/pi", by: result)
        return Result(value: text, exact: false, exactForm: form, from: source, to: target, category: source.category)
    }

    private func toBase(_ x: Rational, _ unit: UnitDefinition) throws -> (Rational, Int) {
        switch unit.scale {
        case .linear(let factor, let piPower): return (x * factor, piPower)
        case .affine(let factor, let offset): return ((x + offset) * factor, 0)
        case .reciprocal(let factor):
            guard !x.isZero else {
                throw CalculatorError(.invalidArgument, "0 \(unit.symbol) has no equivalent", field: "value")
            }
            return (factor / x, 0)
        }
    }

    private func fromBase(_ base: Rational, _ piPower: Int, _ unit: UnitDefinition) throws -> (Rational, Int) {
        switch unit.scale {
        case .linear(let factor, let unitPi): return (base / factor, piPower - unitPi)
        case .affine(let factor, let offset): return (base / factor - offset, 0)
        case .reciprocal(let factor):
            guard !base.isZero else {
                throw CalculatorError(.invalidArgument, "0 has no equivalent in \(unit.symbol)", field: "value")
            }
            return (factor / base, 0)
        }
    }

    /// r·π^power rounded to `digits` significant digits, correctly rounded.
    private static func piScaled(_ r: Rational, power: Int, digits: Int) -> String {
        var bits = Int(Double(digits) * 3.33) + 40
        while true {
            let pi = BigFloat.pi(precision: bits + 8)
            let piPower = pi.power(BigInt(power), precision: bits + 8)
            let value = BigFloat.multiply(BigFloat(r, precision: bits + 8), piPower, precision: bits)
            let delta = BigFloat(mantissa: BigInt(value.mantissa.magnitude), exponent: value.exponent - bits + 16)
            let low = (value.rational - delta.rational).formatted(significantDigits: digits)
            if low == (value.rational + delta.rational).formatted(significantDigits: digits) || bits > 4000 {
                return low
            }
            bits *= 2
        }
    }
}
