import Testing

@testable import Webhooks

/// Signing as Standard Webhooks v1 defines it, checked against the example in its specification, and the secret's
/// form.
@Suite struct WebhookSigningTests {
    @Test func theSpecificationsExampleSignsAsItSays() throws {
        let secret = try #require(WebhookSecret(text: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
        let header = WebhookSignature.header(
            id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
            timestamp: 1_614_265_330,
            body: Array(#"{"test": 2432232314}"#.utf8),
            secret: secret
        )
        #expect(header == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    @Test func aSecretIsWhsecAndTheBase64OfEnoughBytes() throws {
        let made = WebhookSecret.random()
        #expect(made.key.count == 32)
        #expect(WebhookSecret(text: made.text) == made)
        #expect(made != WebhookSecret.random())
        for bad in ["", "whsec_", "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsec_c2hvcnQ=", "whsec_not base64!"] {
            #expect(WebhookSecret(text: bad) == nil, "\(bad)")
        }
    }

    @Test func aPatternNamesATypeAFamilyOrEverything() {
        let subscription = WebhookSubscription(
            id: "wh_1",
            scope: "h_1",
            url: "https://example.org",
            secret: .random(),
            events: ["bill.*", "payment.recorded"],
            state: "active",
            reason: nil,
            createdBy: "u_1",
            createdAt: 0,
            cursor: 0,
            failures: 0,
            nextAt: 0,
            attempts: 0
        )
        #expect(subscription.wants("bill.added") && subscription.wants("bill.deleted"))
        #expect(subscription.wants("payment.recorded") && !subscription.wants("payment.deleted"))
        #expect(!subscription.wants("billing.x") && !subscription.wants("stock.low"))
    }
}
