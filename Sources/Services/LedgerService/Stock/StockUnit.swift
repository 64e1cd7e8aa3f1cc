import Foundation
import Calculator
import Wire

/// The unit of a shopping item or stock line. Masses and volumes the unit converter knows are kept by their
/// symbol (`grams` is `g`) and convert into each other; any other unit (`pcs`, `can`, `bag`) is a word matched
/// exactly, ignoring case. Other categories are words too: to a shopper `pc` is a piece, not a parsec.
struct StockUnit: Sendable, Hashable {
    /// The unit when none is given.
    static let pieces = StockUnit(symbol: "pcs", definition: nil)
    private static let convertible: Set<UnitCategory> = [.mass, .volume]

    /// The symbol as stored and shown.
    let symbol: String
    private let definition: UnitDefinition?

    private init(symbol: String, definition: UnitDefinition?) {
        self.symbol = symbol
        self.definition = definition
    }

    /// The unit spelled `text`; ``pieces`` when `nil`.
    /// - Throws: `invalid_argument` naming `field` for an empty or over-long unit.
    init(_ text: String?, field: String = "unit") throws {
        guard let text else {
            self = .pieces
            return
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard (1...20).contains(trimmed.count) else {
            throw WireError(.invalidArgument, "unit must be 1 to 20 characters", field: field)
        }
        if let known = try? UnitConverter.shared.unit(trimmed), Self.convertible.contains(known.category) {
            self.init(symbol: known.symbol, definition: known)
        } else {
            self.init(symbol: trimmed.lowercased(), definition: nil)
        }
    }

    /// `quantity` of this unit in `target`, rounded to ``Quantity/places``; `nil` when the two do not convert
    /// (different words, or a mass and a volume).
    func convert(_ quantity: Quantity, to target: StockUnit) -> Quantity? {
        if symbol == target.symbol { return quantity }
        guard let definition, let other = target.definition, definition.category == other.category,
            let converted = try? UnitConverter.shared.convert(quantity.value, from: definition, to: other),
            let exact = Rational(parsing: converted.exactForm ?? converted.value)
        else { return nil }
        return Quantity(rounding: exact)
    }
}
