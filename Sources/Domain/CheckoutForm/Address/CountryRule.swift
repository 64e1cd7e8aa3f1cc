import Foundation

/// The address country: an ISO 3166 alpha-2 code whose addresses this module checks.
enum CountryRule {
    /// Checks and normalizes a country code; a blank one means `defaultRegion`.
    ///
    /// - Returns: The uppercase code of a supported country (``PostalCodeFormat`` has a format for it); a real
    ///   but unsupported country fails with `unsupported_country`, anything else with `invalid_country_code`.
    static func check(_ raw: String?, defaultRegion: String) -> Result<PostalCodeFormat, FieldFailure> {
        let typed = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let code = (typed.isEmpty ? defaultRegion : typed).uppercased()
        if let format = PostalCodeFormat(country: code) {
            return .success(format)
        }
        guard isoRegions.contains(code) else {
            return .failure(FieldFailure(.invalidCountry, "Use a two-letter ISO country code such as CA."))
        }
        return .failure(FieldFailure(.unsupportedCountry, "Addresses in \(code) are not supported."))
    }

    /// The ISO 3166 alpha-2 codes ICU knows, less the non-country codes it lists (EU, EZ, UN, QO).
    private static let isoRegions: Set<String> = Set(
        Locale.Region.isoRegions.map(\.identifier).filter { code in
            code.count == 2 && code.allSatisfy(\.isLetter) && !["EU", "EZ", "UN", "QO"].contains(code)
        }
    )
}
