import Testing

@testable import Webhooks

/// Where a delivery may go and when a failed one is tried again.
@Suite struct WebhookDeliveryRulesTests {
    @Test func privateAndLoopbackTargetsAreRefusedUnlessAllowed() throws {
        for url in [
            "http://127.0.0.1:9000/h", "http://localhost/h", "http://api.localhost/h", "http://10.1.2.3/h",
            "http://172.20.0.1/h", "http://192.168.1.10/h", "http://169.254.169.254/latest", "http://[::1]/h",
            "http://[fd00::1]/h", "http://[fe80::1]/h", "http://[::ffff:127.0.0.1]/h", "http://0.0.0.0/h",
            "http://100.64.0.1/h",
        ] {
            #expect(throws: WebhookTarget.Refusal.self, "\(url)") { try WebhookTarget(url: url, allowPrivate: false) }
            #expect(try WebhookTarget(url: url, allowPrivate: true).url == url)
        }
        #expect(try WebhookTarget(url: "https://8.8.8.8/hook", allowPrivate: false).host == "8.8.8.8")
        #expect(
            try WebhookTarget(url: "https://hooks.example.org/reckon", allowPrivate: false).host == "hooks.example.org"
        )
        #expect(throws: WebhookTarget.Refusal.self) {
            try WebhookTarget(url: "http://[::1]/h", allowPrivate: false).checkResolved(allowPrivate: false)
        }
        #expect(throws: WebhookTarget.Refusal.self) {
            try WebhookTarget(url: "https://127.0.0.1/h", allowPrivate: true).checkResolved(allowPrivate: false)
        }
    }

    @Test func aURLMustBeHTTPWithAHostAndNoCredentials() {
        for url in [
            "ftp://example.org/x", "example.org/hook", "https://", "https://u:p@example.org/h",
            "https://example.org/#f",
        ] {
            #expect(throws: WebhookTarget.Refusal.self, "\(url)") { try WebhookTarget(url: url, allowPrivate: true) }
        }
    }

    @Test func failuresAreRetriedOnTheStandardScheduleThenGivenUp() {
        let schedule = RetrySchedule()
        #expect((1...7).map { schedule.delay(afterFailures: $0)! / 1000 } == [5, 300, 1800, 7200, 18000, 36000, 36000])
        #expect(schedule.delay(afterFailures: 8) == nil)
        #expect(RetrySchedule(scale: 0.001).delay(afterFailures: 1) == 5)
    }

    @Test func retryAfterIsSecondsOrAnHTTPDate() {
        #expect(WebhookSender.retryAfter("7") == 7000)
        #expect(WebhookSender.retryAfter(" 120 ") == 120_000)
        #expect(WebhookSender.retryAfter("9999999") == RetrySchedule.longestRetryAfter)
        #expect(WebhookSender.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT") == 0)
        #expect(WebhookSender.retryAfter("soon") == nil)
    }
}
