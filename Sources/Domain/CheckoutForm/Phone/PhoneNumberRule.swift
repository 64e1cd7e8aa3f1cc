import Foundation

/// The phone number: read like libphonenumber's `parse` + `is_valid_number` for the calling codes in
/// ``PhoneNumberRules``, and by E.164 shape alone for every other calling code.
struct PhoneNumberRule: Sendable {
    /// E.164 allows at most 15 digits after the `+`.
    static let maximumE164Digits = 15
    /// libphonenumber's shortest and longest national significant numbers.
    static let nationalLengths = 2...17

    let rules: PhoneNumberRules

    /// Checks and normalizes a phone number.
    ///
    /// - Parameters:
    ///   - raw: The number as typed: `+`, the default region's international prefix (`00`, `011`, `0011`) or a
    ///     national number, with any separators.
    ///   - defaultRegion: The uppercase region that national numbers belong to.
    /// - Returns: The number in E.164.
    func check(_ raw: String, defaultRegion: String) -> Result<String, FieldFailure> {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            return .failure(FieldFailure(.required, "Enter a phone number."))
        }
        guard let input = PhoneInput(text) else {
            return .failure(Self.invalidCharacters)
        }
        guard !input.digits.isEmpty else {
            return .failure(Self.invalid)
        }
        guard input.isViable else {
            return .failure(Self.tooShort)
        }
        do {
            return .success(try normalize(input, defaultPlan: rules.plansByRegion[defaultRegion]))
        } catch {
            return .failure(error)
        }
    }

    /// The E.164 form of a viable input, or why there is none.
    private func normalize(_ input: PhoneInput, defaultPlan: NumberingPlan?) throws(FieldFailure) -> String {
        let callingCode: Int
        let national: String
        let parsingPlan: NumberingPlan?
        if let split = try splitCallingCode(hasPlus: input.hasPlus, digits: input.digits, defaultPlan: defaultPlan) {
            (callingCode, national) = split
            parsingPlan = rules.plansByCallingCode[callingCode]?.first
        } else if let defaultPlan {
            (callingCode, national, parsingPlan) = (defaultPlan.countryCode, input.digits, defaultPlan)
        } else {
            throw FieldFailure(.invalidCountry, "Start the phone number with + and the country calling code.")
        }
        guard national.count >= Self.nationalLengths.lowerBound else { throw Self.tooShort }
        guard let parsingPlan, let plans = rules.plansByCallingCode[callingCode] else {
            return try Self.e164Shape(callingCode: callingCode, national: national)
        }
        return try Self.validate(national: normalizedNational(national, plan: parsingPlan), plans: plans)
    }

    // MARK: - Calling code

    /// The calling code and national number when the input names its calling code: after `+`, after the default
    /// region's international prefix, or (without either) as the default region's code typed before a national
    /// number; `nil` when the input is a national number of the default region.
    private func splitCallingCode(
        hasPlus: Bool,
        digits: String,
        defaultPlan: NumberingPlan?
    ) throws(FieldFailure) -> (Int, String)? {
        if let international = internationalDigits(hasPlus: hasPlus, digits: digits, defaultPlan: defaultPlan) {
            guard international.count > Self.nationalLengths.lowerBound else { throw Self.tooShort }
            if let split = rules.splitCallingCode(international) {
                return split
            }
            // libphonenumber retries a number after `+` as if the `+` were not there (`+00 44 …`).
            guard hasPlus, let split = try splitCallingCode(hasPlus: false, digits: digits, defaultPlan: defaultPlan)
            else { throw Self.unknownCallingCode }
            return split
        }
        guard let defaultPlan else { return nil }
        let code = String(defaultPlan.countryCode)
        guard digits.hasPrefix(code) else { return nil }
        let candidate = defaultPlan.strippingNationalPrefix(String(digits.dropFirst(code.count)))
        let general = defaultPlan.general.pattern
        let fitsOnlyWithoutCode = !general.matchesWhole(digits) && general.matchesWhole(candidate)
        guard fitsOnlyWithoutCode || defaultPlan.lengthCheck(digits) == .tooLong else { return nil }
        return (defaultPlan.countryCode, candidate)
    }

    /// The digits after `+` or after the default region's international prefix (unless a `0` follows it).
    private func internationalDigits(hasPlus: Bool, digits: String, defaultPlan: NumberingPlan?) -> String? {
        if hasPlus { return digits }
        guard let match = defaultPlan?.internationalPrefix?.prefixMatch(digits), match.rest.first != "0" else {
            return nil
        }
        return match.rest
    }

    // MARK: - Validity

    /// The national number with its national prefix stripped, unless that leaves a number of impossible length.
    ///
    /// `plan` is the default region's for a national number and the calling code's main region otherwise.
    private func normalizedNational(_ national: String, plan: NumberingPlan) -> String {
        let stripped = plan.strippingNationalPrefix(national)
        switch plan.lengthCheck(stripped) {
        case .tooShort, .localOnly, .invalidLength: return national
        case .possible, .tooLong: return stripped
        }
    }

    /// The E.164 form of a national number valid in one of the regions sharing its calling code.
    ///
    /// Like libphonenumber, the region is the first whose leading digits match, or else the first the number is
    /// valid in; the number must then be valid there.
    private static func validate(national: String, plans: [NumberingPlan]) throws(FieldFailure) -> String {
        guard nationalLengths.contains(national.count) else {
            throw national.count > nationalLengths.upperBound ? tooLong : tooShort
        }
        let region = plans.first { plan in
            if let leadingDigits = plan.leadingDigits {
                return leadingDigits.prefixMatch(national) != nil
            }
            return plan.isValidNumber(national)
        }
        if let region, region.isValidNumber(national) {
            return "+\(region.countryCode)\(national)"
        }
        switch plans[0].lengthCheck(national) {
        case .tooShort: throw tooShort
        case .tooLong: throw tooLong
        case .possible, .localOnly, .invalidLength: throw invalid
        }
    }

    /// A number of a calling code without a numbering plan here: only the E.164 shape `^\+[1-9][0-9]{1,14}$`.
    private static func e164Shape(callingCode: Int, national: String) throws(FieldFailure) -> String {
        let digits = "\(callingCode)\(national)"
        guard digits.count <= maximumE164Digits else { throw tooLong }
        return "+\(digits)"
    }

    // MARK: - Failures

    private static let invalidCharacters = FieldFailure(
        .invalidCharacters,
        "A phone number can hold digits, spaces, dots, dashes, parentheses, slashes and a leading + only."
    )
    private static let invalid = FieldFailure(.invalidPhone, "This is not a valid phone number.")
    private static let tooShort = FieldFailure(.tooShort, "The phone number is too short.")
    private static let tooLong = FieldFailure(.tooLong, "The phone number is too long.")
    private static let unknownCallingCode = FieldFailure(
        .invalidCountry,
        "The country calling code after + does not exist."
    )
}
