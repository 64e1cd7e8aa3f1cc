/// The customer's name: any script, any order, case preserved (W3C personal-names guidance).
enum NameRule {
    /// The longest accepted name, in `Character`s after clean-up.
    static let maximumLength = 100

    /// Checks and normalizes a name.
    ///
    /// Accepted: letters of any script, combining marks, spaces, hyphens (`-`, U+2010) and apostrophes (`'`, `’`),
    /// with at least one letter. Control and format characters (zero-width joiners included), digits, symbols
    /// and emoji are rejected.
    /// - Returns: The name trimmed, in NFC, with inner runs of spaces collapsed.
    static func check(_ raw: String) -> Result<String, FieldFailure> {
        let name = TextCleaning.clean(raw)
        guard !name.isEmpty else {
            return .failure(FieldFailure(.required, "Enter your name."))
        }
        guard name.unicodeScalars.allSatisfy(isAllowed) else {
            return .failure(
                FieldFailure(.invalidCharacters, "A name can hold letters, spaces, hyphens and apostrophes only.")
            )
        }
        guard name.unicodeScalars.contains(where: TextCleaning.isLetter) else {
            return .failure(FieldFailure(.invalidCharacters, "A name needs at least one letter."))
        }
        guard name.count <= maximumLength else {
            return .failure(FieldFailure(.tooLong, "A name can be at most \(maximumLength) characters long."))
        }
        return .success(name)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        TextCleaning.isLetter(scalar) || TextCleaning.isMark(scalar) || punctuation.contains(scalar)
    }

    /// Space, hyphen-minus, hyphen, apostrophe and right single quotation mark.
    private static let punctuation: Set<Unicode.Scalar> = [" ", "-", "\u{2010}", "'", "\u{2019}"]
}
