/// One region's numbering plan with every pattern compiled.
struct NumberingPlan: Sendable {
    /// ISO 3166 alpha-2 region, e.g. `US`.
    let region: String
    let countryCode: Int
    /// The international dialling prefix (`011`, `00`, `001[14-689]|…`).
    let internationalPrefix: Pattern?
    /// Matches a national prefix or carrier code to strip from national numbers.
    let nationalPrefixForParsing: Pattern?
    let nationalPrefixTransformRule: String?
    let leadingDigits: Pattern?
    /// What every national number of the region fits.
    let general: NumberDescription
    /// National-number lengths that are only dialable locally (without an area code).
    let localOnlyLengths: Set<Int>
    /// Fixed line, mobile, toll free and the other number types.
    let types: [NumberDescription]

    /// Compiles a region from the data file.
    /// - Throws: ``CheckoutFormDataError`` naming the region and the pattern that does not compile.
    init(_ data: PhoneDataFile.Region, countryCode: Int) throws {
        func compile(_ pattern: String, _ field: String) throws -> Pattern {
            do {
                return try Pattern(pattern)
            } catch {
                throw CheckoutFormDataError(
                    file: PhoneNumberRules.fileName,
                    field: "\(data.region).\(field)",
                    message: "pattern does not compile: \(error)"
                )
            }
        }
        region = data.region
        self.countryCode = countryCode
        internationalPrefix = try data.internationalPrefix.map { try compile($0, "internationalPrefix") }
        nationalPrefixForParsing = try data.nationalPrefixForParsing.map { try compile($0, "nationalPrefixForParsing") }
        nationalPrefixTransformRule = data.nationalPrefixTransformRule
        leadingDigits = try data.leadingDigits.map { try compile($0, "leadingDigits") }
        general = NumberDescription(
            pattern: try compile(data.general.pattern, "general"),
            possibleLengths: data.general.possibleLengths.sorted()
        )
        localOnlyLengths = Set(data.general.localOnlyLengths)
        types = try data.types.sorted { $0.key < $1.key }.map { name, type in
            NumberDescription(
                pattern: try compile(type.pattern, "types.\(name)"),
                possibleLengths: type.possibleLengths.sorted()
            )
        }
    }

    /// Whether a national number is a valid number of this region: it fits the general description and one type.
    func isValidNumber(_ national: String) -> Bool {
        general.matches(national) && types.contains { $0.matches(national) }
    }

    /// How a national number's length compares with the region's possible lengths (libphonenumber's
    /// `_test_number_length` for an unknown number type).
    func lengthCheck(_ national: String) -> LengthCheck {
        let length = national.count
        let lengths = general.possibleLengths
        guard let shortest = lengths.first, let longest = lengths.last else { return .invalidLength }
        if localOnlyLengths.contains(length) { return .localOnly }
        if length < shortest { return .tooShort }
        if length > longest { return .tooLong }
        return lengths.contains(length) ? .possible : .invalidLength
    }

    /// Strips a national prefix or carrier code (or applies the transform rule) unless that turns a number that
    /// fits the general pattern into one that does not (libphonenumber's `_maybe_strip_national_prefix_carrier_code`).
    func strippingNationalPrefix(_ national: String) -> String {
        guard !national.isEmpty,
            let match = nationalPrefixForParsing?.prefixMatch(national, template: nationalPrefixTransformRule)
        else { return national }
        let candidate: String
        if let transformed = match.replacement, match.lastGroupMatched {
            candidate = transformed + match.rest
        } else {
            candidate = match.rest
        }
        if general.pattern.matchesWhole(national) && !general.pattern.matchesWhole(candidate) {
            return national
        }
        return candidate
    }

    /// The outcome of ``lengthCheck(_:)``.
    enum LengthCheck {
        case possible
        case localOnly
        case tooShort
        case tooLong
        case invalidLength
    }
}

/// A national-number pattern with the lengths it applies to (an empty list means any length).
struct NumberDescription: Sendable {
    let pattern: Pattern
    let possibleLengths: [Int]

    /// Whether the national number has a possible length and matches the whole pattern.
    func matches(_ national: String) -> Bool {
        (possibleLengths.isEmpty || possibleLengths.contains(national.count)) && pattern.matchesWhole(national)
    }
}
