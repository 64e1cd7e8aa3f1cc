import Foundation
import Tax

/// Shared fixtures: the bundled tables (loaded once) and small builders.
enum Fixture {
    static let tables: TaxTables = {
        do { return try TaxTables.bundled() } catch { fatalError("bundled tax data does not load: \(error)") }
    }()
    static let engine = TaxEngine(tables: tables)

    static func money(_ text: String) -> FixedDecimal {
        guard let value = FixedDecimal(text) else { fatalError("bad literal \(text)") }
        return value
    }

    /// An input with only "other" income (no payroll, no employment credits).
    static func other(_ amount: Int, _ province: String, year: Int = 2025) -> TaxInput {
        var input = TaxInput(year: year, province: province)
        input.income.other = FixedDecimal(amount)
        return input
    }

    /// An input with only employment income.
    static func employment(_ amount: Int, _ province: String, year: Int = 2025) -> TaxInput {
        var input = TaxInput(year: year, province: province)
        input.income.employment = FixedDecimal(amount)
        return input
    }

    /// The amount of the breakdown row called `label`, if present.
    static func row(_ label: String, in estimate: TaxEstimate) -> FixedDecimal? {
        estimate.breakdown.first { $0.label == label }?.amount
    }
}

/// Tax on `income` for brackets written as (upper bound, rate) pairs, in Foundation `Decimal`: an independent
/// re-implementation for checking the engine against figures typed from the published tables.
func referenceBracketTax(_ income: Decimal, _ bands: [(Decimal?, Decimal)]) -> Decimal {
    var tax = Decimal(0)
    var lower = Decimal(0)
    for (upper, rate) in bands where income > lower {
        let top = upper.map { min($0, income) } ?? income
        tax += (top - lower) * rate
        guard let upper else { break }
        lower = upper
    }
    return tax
}

/// Rounds half-to-even to cents, as the engine reports.
func cents(_ value: Decimal) -> Decimal {
    var input = value
    var result = Decimal()
    NSDecimalRound(&result, &input, 2, .bankers)
    return result
}
