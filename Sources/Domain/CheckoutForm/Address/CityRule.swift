/// The city or town name.
enum CityRule {
    /// The longest accepted city name, in `Character`s after clean-up.
    static let maximumLength = 100

    /// Checks and normalizes a city name.
    ///
    /// Accepted: letters of any script, combining marks, spaces and the punctuation of place names: hyphens,
    /// apostrophes (`'`, `’`), dots, commas and parentheses (`St. John's`, `Frankfurt (Oder)`). At least one letter;
    /// no digits, symbols, control or format characters.
    /// - Returns: The city trimmed, NFC, with inner runs of spaces collapsed; case preserved.
    static func check(_ raw: String) -> Result<String, FieldFailure> {
        let city = TextCleaning.clean(raw)
        guard !city.isEmpty else {
            return .failure(FieldFailure(.required, "Enter the city."))
        }
        guard city.unicodeScalars.allSatisfy(isAllowed), city.unicodeScalars.contains(where: TextCleaning.isLetter)
        else {
            return .failure(
                FieldFailure(.invalidCharacters, "A city name can hold letters, spaces and - ' . , ( ) only.")
            )
        }
        guard city.count <= maximumLength else {
            return .failure(FieldFailure(.tooLong, "A city name can be at most \(maximumLength) characters long."))
        }
        return .success(city)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        TextCleaning.isLetter(scalar) || TextCleaning.isMark(scalar) || punctuation.contains(scalar)
    }

    private static let punctuation: Set<Unicode.Scalar> = [" ", "-", "\u{2010}", "'", "\u{2019}", ".", ",", "(", ")"]
}
