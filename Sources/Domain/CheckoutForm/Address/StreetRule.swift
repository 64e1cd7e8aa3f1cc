/// The street line: a street name and a house number, in whatever order the country writes them.
enum StreetRule {
    /// The longest accepted street line, in `Character`s after clean-up.
    static let maximumLength = 200

    /// Checks and normalizes a street line.
    ///
    /// Accepted: letters, combining marks, digits, spaces and punctuation (`221B Baker St.`, `Calle 5 #3-12`,
    /// `Keizersgracht 123-II`). Symbols, emoji, control and format characters are rejected. The line needs a digit
    /// (the house number) and a letter (the street name).
    /// - Returns: The street trimmed, NFC, with inner runs of spaces collapsed.
    static func check(_ raw: String) -> Result<String, FieldFailure> {
        let street = TextCleaning.clean(raw)
        guard !street.isEmpty else {
            return .failure(FieldFailure(.required, "Enter the street and house number."))
        }
        guard street.unicodeScalars.allSatisfy(isAllowed) else {
            return .failure(
                FieldFailure(.invalidCharacters, "A street can hold letters, digits, spaces and punctuation only.")
            )
        }
        guard street.count <= maximumLength else {
            return .failure(FieldFailure(.tooLong, "A street can be at most \(maximumLength) characters long."))
        }
        guard street.unicodeScalars.contains(where: { TextCleaning.decimalValue($0) != nil }) else {
            return .failure(FieldFailure(.missingHouseNumber, "Add the house number to the street."))
        }
        guard street.unicodeScalars.contains(where: TextCleaning.isLetter) else {
            return .failure(FieldFailure(.missingStreetName, "Add the street name to the house number."))
        }
        return .success(street)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .spaceSeparator: true
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation: true
        case .initialPunctuation, .finalPunctuation, .otherPunctuation: true
        default: TextCleaning.isLetter(scalar) || TextCleaning.isMark(scalar)
        }
    }
}
