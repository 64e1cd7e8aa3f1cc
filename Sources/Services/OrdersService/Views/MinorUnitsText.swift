import Money
import Ordering

/// Money on the wire: decimal strings with the menu's digits, read back exactly.
enum MinorUnitsText {
    /// The amount as a decimal string.
    static func text(_ amount: Int64, digits: Int) -> String {
        MinorUnits.format(amount, digits: digits)
    }

    /// Reads back a decimal string this service wrote (digits as written).
    static func parse(_ text: String) -> Int64 {
        let digits = text.split(separator: ".").dropFirst().first?.count ?? 0
        guard let amount = MinorUnits.parse(text, digits: digits, allowsNegative: true) else {
            preconditionFailure("\(text) is not an amount this service wrote")
        }
        return amount
    }
}
