/// Exact money as a whole number of minor units (cents for CAD): parsing decimal text and formatting it back.
///
/// Amounts never pass through `Double`. With two minor digits `"12.34"` is `1234`, and `1234` prints as `"12.34"`.
///
/// ```swift
/// MinorUnits.parse("12.5")            // 1250
/// MinorUnits.parse("-1")              // nil: negatives are refused unless allowed
/// MinorUnits.format(-50)              // "-0.50"
/// ```
public enum MinorUnits {
    /// Parses a decimal amount written as text, strictly.
    ///
    /// Accepted: ASCII digits, optionally a `.` followed by 1 to `digits` digits, and a leading `-` only when
    /// `allowsNegative` is set. Refused: signs such as `+`, spaces, exponents, `.5`, `5.`, leading zeros (`01.00`),
    /// more fraction digits than the currency has, and values that do not fit in `Int64`.
    /// - Parameters:
    ///   - text: The amount, e.g. `"12.34"`.
    ///   - digits: The currency's minor digits, from 0 to 6 (2 for CAD).
    ///   - allowsNegative: Whether a leading `-` is accepted.
    /// - Returns: The amount in minor units, or `nil` when the text is not such an amount.
    public static func parse(_ text: String, digits: Int = 2, allowsNegative: Bool = false) -> Int64? {
        precondition((0...6).contains(digits), "a currency has 0 to 6 minor digits, not \(digits)")
        var rest = Substring(text)
        let negative = rest.first == "-"
        if negative {
            guard allowsNegative else { return nil }
            rest = rest.dropFirst()
        }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard isDigits(whole), whole.count == 1 || whole.first != "0" else { return nil }
        guard parts.count == 1 || (isDigits(fraction) && fraction.count <= digits) else { return nil }
        var value: Int64 = 0
        for digit in whole + fraction + String(repeating: "0", count: digits - fraction.count) {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = shifted.addingReportingOverflow(Int64(digit.wholeNumberValue ?? 0))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    /// Formats minor units as a decimal amount: `1234` → `"12.34"`, `-50` → `"-0.50"`, `7` with no digits →
    /// `"7"`.
    /// - Parameters:
    ///   - amount: The amount in minor units.
    ///   - digits: The currency's minor digits, from 0 to 6.
    /// - Returns: The text `parse` reads back to `amount` (with `allowsNegative` for negative amounts).
    public static func format(_ amount: Int64, digits: Int = 2) -> String {
        precondition((0...6).contains(digits), "a currency has 0 to 6 minor digits, not \(digits)")
        let sign = amount < 0 ? "-" : ""
        var text = String(amount.magnitude)
        guard digits > 0 else { return sign + text }
        if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
        return sign + text.dropLast(digits) + "." + text.suffix(digits)
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isWholeNumber }
    }
}
