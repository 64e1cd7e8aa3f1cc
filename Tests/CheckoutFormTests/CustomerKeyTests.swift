import CheckoutForm
import Testing

@Suite struct CustomerKeyTests {
    @Test func prefersTheE164Phone() {
        #expect(CustomerKey(phone: "+16135550199", email: "Ann@example.com")?.rawValue == "+16135550199")
    }

    @Test func fallsBackToTheWholeEmailLowercased() {
        #expect(CustomerKey(phone: nil, email: "Ann.Lee@example.com")?.rawValue == "ann.lee@example.com")
    }

    @Test func needsOneOfThem() {
        #expect(CustomerKey(phone: nil, email: nil) == nil)
    }

    @Test func sameCustomerTypedDifferentlyGetsOneKey() {
        let keys = ["(613) 555-0199", "+1 613 555 0199", "1-613-555-0199", "011 1 613 555 0199"].map { phone in
            Fixtures.validate { $0.phone = phone }.customerKey
        }
        #expect(Set(keys).count == 1)
    }
}
