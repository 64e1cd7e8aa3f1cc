import CheckoutForm
import Testing

@Suite struct PhoneNumberTests {
    /// The phone field's outcome in the module's terms.
    private func outcome(_ phone: String, region: String) -> PhoneVector.Expected {
        let result = Fixtures.validate(defaultRegion: region) { $0.phone = phone }
        let codes = Fixtures.codes(result, .phone)
        return PhoneVector.Expected(e164: result.fields.phone, code: codes.first)
    }

    @Test(arguments: try PhoneVector.all())
    func agreesWithGoldenVector(_ vector: PhoneVector) {
        #expect(outcome(vector.input, region: vector.region) == vector.expected)
    }

    @Test func vectorFileCoversEveryRuleRegionAndDocumentsEachDeviation() throws {
        let vectors = try PhoneVector.all()
        #expect(vectors.count >= 800)
        #expect(Set(vectors.map(\.region)).isSuperset(of: ["CA", "US", "GB", "DE", "FR", "NL", "AU"]))
        let reasons = Set(vectors.compactMap(\.deviation))
        #expect(
            reasons == [
                "blank input is reported as required",
                "characters other than digits, separators and a leading + are rejected, not interpreted",
                "national numbers need a default region with a numbering plan in the data",
                "calling codes outside the rule regions are checked for the E.164 shape only",
            ]
        )
    }

    @Test(
        arguments: [
            ("(650) 253-0000", "US", "+16502530000"),
            ("+49 30 123", "DE", "+4930123"),
            ("0044 20 7946 0000", "GB", "+442079460000"),
            (
                "+\u{0662}\u{0660} \u{0661}\u{0660} \u{0661}\u{0662}\u{0663}\u{0664} \u{0665}\u{0666}\u{0667}\u{0668}",
                "CA", "+201012345678"
            ),
        ]
    )
    func normalizesToE164(input: String, region: String, e164: String) {
        #expect(outcome(input, region: region) == PhoneVector.Expected(e164: e164, code: nil))
    }

    @Test(
        arguments: [
            ("", "required"),
            ("abc", "invalid_characters"),
            ("+1 200 000 0000", "invalid_phone"),
            ("+999 123 456 789", "invalid_country_code"),
            ("+1234567890123456", "too_long"),
            ("613 555", "too_short"),
        ]
    )
    func reportsWhyANumberFails(input: String, code: String) {
        #expect(outcome(input, region: "US") == PhoneVector.Expected(e164: nil, code: code))
    }
}
