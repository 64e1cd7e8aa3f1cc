import CheckoutForm
import Testing

@Suite struct AddressTests {
    @Test(
        arguments: [
            ("CA", "k1a0b1", "K1A 0B1"),
            ("CA", " K1A  0B1 ", "K1A 0B1"),
            ("CA", "h2x-1y4", "H2X 1Y4"),
            ("US", "12345", "12345"),
            ("US", "12345-6789", "12345-6789"),
            ("US", "12345 6789", "12345-6789"),
            ("US", "123456789", "12345-6789"),
            ("GB", "sw1a1aa", "SW1A 1AA"),
            ("GB", "M1 1AE", "M1 1AE"),
            ("GB", "B33 8TH", "B33 8TH"),
            ("GB", "CR2 6XH", "CR2 6XH"),
            ("GB", "DN55 1PT", "DN55 1PT"),
            ("GB", "W1A 0AX", "W1A 0AX"),
            ("GB", "EC1A 1BB", "EC1A 1BB"),
            ("GB", "gir0aa", "GIR 0AA"),
            ("NL", "1234ab", "1234 AB"),
            ("NL", "9999 ZZ", "9999 ZZ"),
        ]
    )
    func acceptsAndNormalizesPostalCode(country: String, input: String, normalized: String) {
        let result = Fixtures.validate {
            $0.address.country = country
            $0.address.postalCode = input
        }
        #expect(Fixtures.codes(result, .postalCode).isEmpty)
        #expect(result.fields.postalCode == normalized)
        #expect(result.fields.country == country)
    }

    @Test(
        arguments: [
            ("CA", "D1A 0B1"),
            ("CA", "W1A 0B1"),
            ("CA", "K1A 0O1"),
            ("CA", "K1A0B"),
            ("CA", "12345"),
            ("US", "1234"),
            ("US", "123456"),
            ("US", "12345-678"),
            ("US", "ABCDE"),
            ("GB", "SW1A"),
            ("GB", "QW1 1AA"),
            ("GB", "SW1A 1CA"),
            ("GB", "GIR 1AA"),
            ("GB", "12345"),
            ("NL", "0123 AB"),
            ("NL", "1234 SA"),
            ("NL", "1234 SD"),
            ("NL", "1234 SS"),
            ("NL", "1234 A1"),
            ("NL", "12345 AB"),
        ]
    )
    func rejectsPostalCode(country: String, input: String) {
        let result = Fixtures.validate {
            $0.address.country = country
            $0.address.postalCode = input
        }
        #expect(Fixtures.codes(result, .postalCode) == ["invalid_postal_code"])
        #expect(result.fields.postalCode == nil)
    }

    @Test func blankCountryMeansTheDefaultRegion() {
        let result = Fixtures.validate(defaultRegion: "nl") {
            $0.phone = "020 123 4567"
            $0.address = AddressInput(
                street: "Keizersgracht 123",
                city: "Amsterdam",
                postalCode: "1015cj",
                country: " "
            )
        }
        #expect(result.isValid)
        #expect(
            result.details?.address
                == PostalAddress(
                    street: "Keizersgracht 123",
                    city: "Amsterdam",
                    postalCode: "1015 CJ",
                    country: "NL"
                )
        )
    }

    @Test(arguments: [
        ("DE", "unsupported_country"), ("jp", "unsupported_country"), ("XX", "invalid_country_code"),
        ("USA", "invalid_country_code"), ("EU", "invalid_country_code"),
    ])
    func rejectsCountry(country: String, code: String) {
        let result = Fixtures.validate { $0.address.country = country }
        #expect(Fixtures.codes(result, .country) == [code])
        #expect(Fixtures.codes(result, .postalCode).isEmpty)
        #expect(result.fields.country == nil)
        #expect(result.fields.postalCode == nil)
    }

    @Test(
        arguments: [
            ("221B Baker Street", "221B Baker Street"),
            ("  Keizersgracht   123-II ", "Keizersgracht 123-II"),
            ("Calle 5 #3-12", "Calle 5 #3-12"),
            ("ул. Тверская, д. 7", "ул. Тверская, д. 7"),
        ]
    )
    func acceptsStreet(input: String, normalized: String) {
        let result = Fixtures.validate { $0.address.street = input }
        #expect(Fixtures.codes(result, .street).isEmpty)
        #expect(result.fields.street == normalized)
    }

    @Test(
        arguments: [
            ("", "required"),
            ("Baker Street", "missing_house_number"),
            ("221", "missing_street_name"),
            ("221 Baker St 🍕", "invalid_characters"),
            ("221 Baker\u{0000} St", "invalid_characters"),
            ("1 " + String(repeating: "a", count: 199), "too_long"),
        ]
    )
    func rejectsStreet(input: String, code: String) {
        let result = Fixtures.validate { $0.address.street = input }
        #expect(Fixtures.codes(result, .street) == [code])
    }

    @Test(arguments: ["St. John's", "Frankfurt (Oder)", "Saint-Étienne", "Москва", "München"])
    func acceptsCity(input: String) {
        let result = Fixtures.validate { $0.address.city = input }
        #expect(Fixtures.codes(result, .city).isEmpty)
        #expect(result.fields.city == input)
    }

    @Test(arguments: [
        ("", "required"), ("Area 51", "invalid_characters"), ("---", "invalid_characters"),
        (String(repeating: "a", count: 101), "too_long"),
    ])
    func rejectsCity(input: String, code: String) {
        let result = Fixtures.validate { $0.address.city = input }
        #expect(Fixtures.codes(result, .city) == [code])
    }
}
