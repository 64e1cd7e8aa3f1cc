/// A country's postal-code format: how to recognise a code and how to spell it canonically.
enum PostalCodeFormat: String {
    case canada = "CA"
    case unitedStates = "US"
    case unitedKingdom = "GB"
    case netherlands = "NL"

    /// The format for an uppercase ISO 3166 alpha-2 code, or `nil` when the country is not supported.
    init?(country: String) {
        self.init(rawValue: country)
    }

    /// The country's ISO 3166 alpha-2 code.
    var country: String { rawValue }

    /// Checks and normalizes a postal code for this country.
    ///
    /// Input is trimmed, uppercased and inner spaces collapsed first, so `k1a0b1`, `sw1a  1aa` and `1234ab` pass.
    /// - Returns: The canonical spelling: `A1A 1A1` (CA), `12345` or `12345-6789` (US), outward code, space,
    ///   inward code (GB, including `GIR 0AA`), `1234 AB` (NL).
    func check(_ raw: String) -> Result<String, FieldFailure> {
        let code = TextCleaning.clean(raw).uppercased()
        guard !code.isEmpty else {
            return .failure(FieldFailure(.required, "Enter the postal code."))
        }
        guard let parts = pattern.wholeCaptures(code), let head = parts[0],
            !(self == .netherlands && ["SA", "SD", "SS"].contains(parts[1]))
        else {
            return .failure(FieldFailure(.invalidPostcode, "Enter a postal code such as \(example)."))
        }
        guard let tail = parts[1] else { return .success(String(head)) }
        return .success("\(head)\(separator)\(tail)")
    }

    private var separator: String { self == .unitedStates ? "-" : " " }

    private var example: String {
        switch self {
        case .canada: "K1A 0B1"
        case .unitedStates: "12345 or 12345-6789"
        case .unitedKingdom: "SW1A 1AA"
        case .netherlands: "1234 AB"
        }
    }

    private var pattern: Pattern {
        switch self {
        case .canada: Self.canadaPattern
        case .unitedStates: Self.unitedStatesPattern
        case .unitedKingdom: Self.unitedKingdomPattern
        case .netherlands: Self.netherlandsPattern
        }
    }

    /// Forward sortation area (no D F I O Q U, nor W or Z first) and local delivery unit.
    private static let canadaPattern = Pattern(
        literal: "([ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z])[ -]?([0-9][ABCEGHJ-NPRSTV-Z][0-9])"
    )
    /// ZIP or ZIP+4.
    private static let unitedStatesPattern = Pattern(literal: "([0-9]{5})(?:[ -]?([0-9]{4}))?")
    /// Outward code (A9, A99, AA9, AA99, A9A, AA9A) and inward code (9AA, without C I K M O V), or GIR 0AA.
    private static let unitedKingdomPattern = Pattern(
        literal: "([A-PR-UWYZ](?:[0-9][0-9A-HJKPS-UW]?|[A-HK-Y][0-9][0-9ABEHMNPRV-Y]?)|GIR(?= ?0AA$))"
            + " ?([0-9][ABD-HJLNP-UW-Z]{2})"
    )
    /// Four digits not starting with 0, then two letters.
    private static let netherlandsPattern = Pattern(literal: "([1-9][0-9]{3}) ?([A-Z]{2})")
}
