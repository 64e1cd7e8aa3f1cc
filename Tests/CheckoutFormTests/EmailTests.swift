import CheckoutForm
import Testing

@Suite struct EmailTests {
    @Test(
        arguments: [
            ("ann@example.com", "ann@example.com"),
            ("  Ann.Lee+food@Mail.Example.CO.UK ", "Ann.Lee+food@mail.example.co.uk"),
            ("o'brien@ex-ample.ie", "o'brien@ex-ample.ie"),
            ("user@münchen.de", "user@münchen.de"),
            ("a@b.co", "a@b.co"),
        ]
    )
    func acceptsAndNormalizes(input: String, normalized: String) {
        let result = Fixtures.validate { $0.email = input }
        #expect(Fixtures.codes(result, .email).isEmpty)
        #expect(result.fields.email == normalized)
    }

    @Test(arguments: [nil, "", "   "] as [String?])
    func isOptional(input: String?) {
        let result = Fixtures.validate { $0.email = input }
        #expect(result.isValid)
        #expect(result.fields.email == nil)
    }

    @Test(
        arguments: [
            ("ann", "invalid_email"),
            ("ann@", "invalid_email"),
            ("@example.com", "invalid_email"),
            ("ann@@example.com", "invalid_email"),
            ("ann@example", "invalid_email"),
            ("ann@-example.com", "invalid_email"),
            ("ann@example-.com", "invalid_email"),
            ("ann@example..com", "invalid_email"),
            ("ann@example.123", "invalid_email"),
            ("ann lee@example.com", "invalid_email"),
            (".ann@example.com", "invalid_email"),
            ("ann..lee@example.com", "invalid_email"),
            ("ann@exa_mple.com", "invalid_email"),
            ("ännä@example.com", "invalid_email"),
            (String(repeating: "a", count: 65) + "@example.com", "too_long"),
            ("a@" + String(repeating: "b", count: 250) + ".com", "too_long"),
        ]
    )
    func rejects(input: String, code: String) {
        let result = Fixtures.validate { $0.email = input }
        #expect(Fixtures.codes(result, .email) == [code])
        #expect(result.fields.email == nil)
    }
}
