import Money

/// Percentages as whole basis points: `"33.33"` percent is 3333, and 100% is ``whole`` (10000).
public enum Percent {
    /// 100% in basis points.
    public static let whole: Int64 = 10_000

    /// Reads a percentage written as decimal text with at most two fraction digits: `"33.33"` is 3333, `"50"` is
    /// 5000, `"12.345"`, `"-5"` and `"5%"` are `nil` (see ``MinorUnits/parse(_:digits:allowsNegative:)``).
    public static func basisPoints(_ text: String) -> Int64? {
        MinorUnits.parse(text, digits: 2)
    }

    /// Writes basis points as a percentage: 3333 is `"33.33%"`, 10000 is `"100.00%"`.
    public static func format(_ basisPoints: Int64) -> String {
        MinorUnits.format(basisPoints, digits: 2) + "%"
    }
}
