import Testing
import ZeroMQ

/// ``ZMQSocket/receive(dontWait:limits:)``: what it keeps of a message over its limits.
@Suite struct ReceiveLimitsTests {
    /// Waits for the next message under `limits`.
    private func receive(_ socket: ZMQSocket, _ limits: ReceiveLimits) throws -> ReceivedMessage? {
        var poller = ZMQPoller()
        poller.add(socket)
        try poller.poll(timeout: deliveryTimeout)
        return try socket.receive(dontWait: true, limits: limits)
    }

    @Test func messageWithinTheLimitsIsKeptWhole() throws {
        try withPipe("within") { push, pull in
            try push.send([bytes("id"), bytes("bb"), bytes("ccc")])
            let message = try #require(try receive(pull, ReceiveLimits(frames: 2, bytes: 5, exemptFrames: 1)))
            #expect(ZMQFrames(message.message).arrays == [bytes("id"), bytes("bb"), bytes("ccc")])
            #expect(!message.exceedsLimits)
            #expect(message.frameCount == 2)
            #expect(message.byteCount == 5)
        }
    }

    @Test func bytesPastTheLimitAreCountedNotKeptAndTheMessageIsConsumed() throws {
        try withPipe("bytes") { push, pull in
            try push.send([bytes("id"), bytes("bb"), bytes("ccc"), bytes("dddd"), bytes("e")])
            try push.send([bytes("next")])
            let message = try #require(try receive(pull, ReceiveLimits(frames: 10, bytes: 5, exemptFrames: 1)))
            #expect(ZMQFrames(message.message).arrays == [bytes("id"), bytes("bb"), bytes("ccc")])
            #expect(message.exceedsLimits)
            #expect(message.frameCount == 4)
            #expect(message.byteCount == 10)
            #expect(
                try receive(pull, ReceiveLimits(frames: 10, bytes: 10)).map { ZMQFrames($0.message).arrays } == [
                    bytes("next")
                ]
            )
        }
    }

    @Test func framesPastTheLimitAreCountedNotKept() throws {
        try withPipe("frames") { push, pull in
            try push.send([bytes("a")] + Array(repeating: [], count: 1000))
            let message = try #require(try receive(pull, ReceiveLimits(frames: 3, bytes: 100)))
            #expect(ZMQFrames(message.message).arrays == [bytes("a"), [], []])
            #expect(message.exceedsLimits)
            #expect(message.frameCount == 1001)
        }
    }
}
