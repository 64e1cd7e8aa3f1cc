import Gateway
import Testing

/// The receive high-water mark the gateway sets: `peerReceiveBytes` of messages at the size limit, within the queue
/// limit, never below 1.
@Suite struct ReceiveQueueLimitTests {
    @Test func defaultsReceiveSixteenMessagesOfTheLimitAhead() {
        #expect(GatewayConfiguration().receiveQueueLimit(1000) == 16)
    }

    @Test func smallMessagesKeepTheQueueLimit() {
        #expect(GatewayConfiguration(maximumMessageBytes: 1024).receiveQueueLimit(1000) == 1000)
    }

    @Test func aBudgetBelowOneMessageStillReceivesOne() {
        #expect(GatewayConfiguration(peerReceiveBytes: 1000).receiveQueueLimit(1000) == 1)
    }
}
