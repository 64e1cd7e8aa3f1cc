/// A phone number as typed, reduced to a leading-plus flag and ASCII digits.
struct PhoneInput {
    /// Whether the number started with `+` (or fullwidth `＋`).
    var hasPlus: Bool
    /// The digits, mapped from any script to ASCII.
    var digits: String
    /// Whether libphonenumber would treat the text as a phone number at all: at least three digits, or exactly
    /// two adjacent ones with no plus sign (otherwise it says `NOT_A_NUMBER`).
    var isViable: Bool

    /// Reads trimmed text; `nil` when it holds a character other than digits, separators and a leading plus.
    ///
    /// Separators are white space (`Zs`, tab), dash punctuation (`Pd`, minus sign), `.`, `(`, `)` and `/`.
    init?(_ text: String) {
        var scalars = Substring(text).unicodeScalars[...]
        hasPlus = scalars.first == "+" || scalars.first == "\u{FF0B}"
        if hasPlus { scalars = scalars.dropFirst() }
        var digits = ""
        var digitPositions: [Int] = []
        for (position, scalar) in scalars.enumerated() {
            if let value = TextCleaning.decimalValue(scalar) {
                digits.append(Character(String(value)))
                digitPositions.append(position)
            } else if !Self.isSeparator(scalar) {
                return nil
            }
        }
        self.digits = digits
        let adjacentPair = digitPositions.count == 2 && digitPositions[1] - digitPositions[0] == 1
        isViable = digits.count >= 3 || (adjacentPair && !hasPlus)
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .dashPunctuation: true
        default: separators.contains(scalar)
        }
    }

    private static let separators: Set<Unicode.Scalar> = [".", "(", ")", "/", "\t", "\u{2212}"]
}
