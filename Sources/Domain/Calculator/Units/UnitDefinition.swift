/// A kind of quantity; units convert only within one.
public enum UnitCategory: String, Sendable, Hashable, CaseIterable, Codable {
    case length, area, volume, mass, temperature, time, speed, energy, power, pressure, data, angle
    case fuelEconomy = "fuel_economy"
}

/// One unit: its symbol, name, category and exact relation to the category's base unit.
public struct UnitDefinition: Sendable, Hashable {
    /// How a value in this unit maps to the base unit.
    enum Scale: Sendable, Hashable {
        /// base = x · factor · π^piPower (π appears only for radians and parsecs).
        case linear(Rational, piPower: Int)
        /// base = (x + offset) · factor (temperatures).
        case affine(factor: Rational, offset: Rational)
        /// base = factor / x (litres per 100 km).
        case reciprocal(Rational)
    }

    /// The canonical symbol (`km`, `°F`, `US gal`).
    public let symbol: String
    /// The singular name (`kilometre`).
    public let name: String
    public let category: UnitCategory
    /// Other accepted spellings, matched ignoring case, spaces and a plural `s`.
    public let aliases: [String]
    let scale: Scale

    init(_ symbol: String, _ name: String, _ category: UnitCategory, _ scale: Scale, aliases: [String] = []) {
        self.symbol = symbol
        self.name = name
        self.category = category
        self.scale = scale
        self.aliases = aliases
    }

    /// The factor to the base unit as a decimal or fraction, with `*pi` when π is involved; for affine units
    /// the factor and offset; for reciprocal units `factor/x`.
    public var definition: String {
        switch scale {
        case .linear(let factor, let piPower):
            let core = factor.terminatingDecimal ?? factor.fractionText
            return piPower == 0 ? core : core + (piPower > 0 ? "*pi" : "/pi")
        case .affine(let factor, let offset):
            return "(x + \(offset.terminatingDecimal ?? offset.fractionText)) * "
                + (factor.terminatingDecimal ?? factor.fractionText)
        case .reciprocal(let factor):
            return "\(factor.terminatingDecimal ?? factor.fractionText)/x"
        }
    }
}

extension Rational {
    /// A decimal literal known to be valid (unit tables); a bad literal is a programmer error.
    static func exact(_ text: String) -> Rational {
        guard let value = Rational(parsing: text) else { fatalError("bad constant \(text)") }
        return value
    }
}
