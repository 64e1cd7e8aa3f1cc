/// The layout of `Data/phone-regions.json`, written by `scripts/generate-phone-data.py` from libphonenumber.
///
/// Only the fields the checks use are decoded; the file also carries `nationalPrefix` and provenance for readers.
struct PhoneDataFile: Decodable {
    /// Every country calling code libphonenumber knows.
    var countryCallingCodes: [Int]
    /// The numbering plans checked in full, one per calling code.
    var numberingPlans: [CallingCode]

    /// The regions sharing one country calling code, main region first (libphonenumber's order).
    struct CallingCode: Decodable {
        var countryCode: Int
        var regions: [Region]
    }

    /// One region's numbering plan; patterns use libphonenumber's (ICU-compatible) syntax.
    struct Region: Decodable {
        var region: String
        var internationalPrefix: String?
        var nationalPrefixForParsing: String?
        /// Rewrites a matched national prefix, with `$1` group references.
        var nationalPrefixTransformRule: String?
        /// Picks this region among those sharing the calling code.
        var leadingDigits: String?
        var general: General
        /// Number types (`fixedLine`, `mobile`, `tollFree`, …) by name.
        var types: [String: NumberType]
    }

    /// The pattern and lengths every national number of a region fits.
    struct General: Decodable {
        var pattern: String
        var possibleLengths: [Int]
        var localOnlyLengths: [Int]
    }

    /// The pattern and lengths of one number type.
    struct NumberType: Decodable {
        var pattern: String
        var possibleLengths: [Int]
    }
}
