/// Every unit the converter knows, with exact factors from their definitions (calc.md §4, NIST SP 811).
enum UnitCatalog {
    static let all: [UnitDefinition] = mechanics + thermalAndElectric + information

    static func linear(_ factor: String, pi: Int = 0) -> UnitDefinition.Scale { .linear(.exact(factor), piPower: pi) }

    /// A unit that is `factor` times its category's base unit.
    static func unit(
        _ symbol: String,
        _ name: String,
        _ category: UnitCategory,
        _ factor: Rational,
        _ aliases: [String] = []
    ) -> UnitDefinition {
        UnitDefinition(symbol, name, category, .linear(factor, piPower: 0), aliases: aliases)
    }

    /// SI prefixes used by generated units: symbol, name, power of ten.
    static let siPrefixes: [String: (name: String, power: Int)] = [
        "n": ("nano", -9), "µ": ("micro", -6), "m": ("milli", -3), "c": ("centi", -2), "d": ("deci", -1),
        "h": ("hecto", 2), "k": ("kilo", 3), "M": ("mega", 6), "G": ("giga", 9), "T": ("tera", 12),
        "P": ("peta", 15), "E": ("exa", 18),
    ]

    /// The unit `symbol` with each of `prefixes` applied, base factor `factor` (in the category's base unit).
    static func prefixed(
        _ symbol: String,
        _ name: String,
        _ category: UnitCategory,
        factor: String,
        prefixes: [String],
        aliases: [String] = []
    ) -> [UnitDefinition] {
        var units = [UnitDefinition(symbol, name, category, linear(factor), aliases: aliases)]
        for prefix in prefixes {
            guard let (prefixName, power) = siPrefixes[prefix] else { fatalError("unknown prefix \(prefix)") }
            let scaled = Rational.exact(factor) * Rational.exact("1e\(power)")
            let extra = prefix == "µ" ? ["u" + symbol] : []
            units.append(
                UnitDefinition(
                    prefix + symbol,
                    prefixName + name,
                    category,
                    .linear(scaled, piPower: 0),
                    aliases: extra
                )
            )
        }
        return units
    }
}
