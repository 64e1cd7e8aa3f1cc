import CheckoutForm
import Testing

@Suite struct CheckoutFormValidatorTests {
    @Test func validFormIsNormalized() throws {
        let result = Fixtures.validator.validate(Fixtures.validInput, defaultRegion: "ca")
        #expect(result.problems.isEmpty)
        let details = try #require(result.details)
        #expect(
            details
                == CheckoutDetails(
                    name: "Zoë O’Brien",
                    phone: "+16135550199",
                    email: "Zoe@example.com",
                    address: PostalAddress(
                        street: "24 Sussex Drive",
                        city: "Ottawa",
                        postalCode: "K1M 1M4",
                        country: "CA"
                    ),
                    customerKey: CustomerKey(phone: "+16135550199", email: nil)!
                )
        )
    }

    @Test func reportsEveryProblemAtOnceAndKeepsTheGoodFields() {
        let input = CheckoutFormInput(
            name: "R2-D2",
            phone: "+1 200 000 0000",
            email: "Ann@Example.COM",
            address: AddressInput(street: "Baker Street", city: "London", postalCode: "SW1A 1CA", country: "gb")
        )
        let result = Fixtures.validator.validate(input, defaultRegion: "GB")
        #expect(
            result.problems.map { "\($0.field.rawValue) \($0.code.rawValue)" } == [
                "name invalid_characters",
                "phone invalid_phone",
                "address.street missing_house_number",
                "address.postalCode invalid_postal_code",
            ]
        )
        #expect(result.problems.allSatisfy { !$0.message.isEmpty })
        #expect(!result.isValid)
        #expect(result.details == nil)
        #expect(result.fields == NormalizedFields(email: "Ann@example.com", city: "London", country: "GB"))
        #expect(result.customerKey?.rawValue == "ann@example.com")
    }

    @Test func emptyFormReportsEveryRequiredField() {
        let input = CheckoutFormInput(name: " ", phone: "", address: AddressInput(street: "", city: "", postalCode: ""))
        let result = Fixtures.validator.validate(input, defaultRegion: "US")
        #expect(
            result.problems.map(\.field) == [.name, .phone, .street, .city, .postalCode]
        )
        #expect(result.problems.allSatisfy { $0.code == .required })
        #expect(result.customerKey == nil)
    }

    @Test func blankPostalCodeIsRequiredEvenForAnUnsupportedCountry() {
        let result = Fixtures.validate {
            $0.address.country = "FR"
            $0.address.postalCode = ""
        }
        #expect(result.problems.map(\.code) == [.required, .unsupportedCountry])
    }
}
