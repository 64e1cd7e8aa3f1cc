import Testing
import ZeroMQ

/// Messages kept as libzmq's `zmq_msg_t` frames: read, viewed, compared and sent on without copies into arrays.
@Suite struct ZMQMessageTests {
    /// Waits for the next message, kept whole.
    private func receiveMessage(_ socket: ZMQSocket) throws -> ZMQMessage {
        var poller = ZMQPoller()
        poller.add(socket)
        try poller.poll(timeout: deliveryTimeout)
        return try #require(try socket.receive(dontWait: true, limits: .unlimited)).message
    }

    @Test func aReceivedMessageKeepsEveryFrameInOrderPastItsFirstAllocation() throws {
        try withPipe("many-frames") { push, pull in
            let frames = (0..<20).map { bytes(String(repeating: "x", count: $0)) }
            try push.send(frames)
            let message = try receiveMessage(pull)
            #expect(message.count == 20)
            #expect(message.size(of: 19) == 19)
            #expect(ZMQFrames(message).arrays == frames)
        }
    }

    @Test func framesCompareAndHashByTheirBytes() {
        let message = ZMQMessage.copying([bytes("id"), bytes("a"), [], bytes("b")])
        let body = ZMQFrames(message).dropFirst()
        #expect(body == ZMQFrames([bytes("a"), [], bytes("b")]))
        #expect(body.hashValue == ZMQFrames([bytes("a"), [], bytes("b")]).hashValue)
        #expect(body != ZMQFrames([bytes("a"), bytes("b")]))
        #expect(body != ZMQFrames([bytes("a"), [], bytes("c")]))
        #expect(body.count == 3)
        #expect(body.frame(at: 0, equals: bytes("a")))
        #expect(!body.frame(at: 3, equals: []))
        #expect(body.size(at: 1) == 0)
        #expect(body.size(at: 3) == nil)
        #expect(body.dropFirst(3).isEmpty)
        #expect(body.dropFirst(9).isEmpty)
    }

    @Test(arguments: [0, 5, 16, 17, 255])
    func routingIDsKeepTheirBytesWhateverTheirLength(_ length: Int) {
        let raw = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) }
        let id = ZMQRoutingID(raw)
        #expect(id.bytes == raw)
        #expect(id == raw.withUnsafeBytes(ZMQRoutingID.init))
        #expect(id != ZMQRoutingID(raw + [0]))
        #expect(id.hex == raw.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined())
    }

    @Test func routingIDsDifferingOnlyInTrailingZerosDiffer() {
        #expect(ZMQRoutingID([0]) != ZMQRoutingID([0, 0]))
        #expect(ZMQRoutingID([]) != ZMQRoutingID([0]))
        #expect(Set([ZMQRoutingID([1]), ZMQRoutingID([1, 0]), ZMQRoutingID([1])]).count == 2)
    }

    @Test func aSharedFrameGoesOutWhileTheMessageKeepsIt() throws {
        try withPipe("shared") { push, pull in
            let large = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
            try push.send([bytes("head"), large])
            let message = try receiveMessage(pull)
            try push.send { sender in
                sender.add("again")
                sender.add(frame: 1, of: message)
                sender.add(frame: 1, of: message)
            }
            #expect(try pull.receive(within: deliveryTimeout) == [bytes("again"), large, large])
            #expect(message.bytes(of: 1) == large)
        }
    }

    @Test func aRefusedFirstFrameSendsNothingOfTheMessage() throws {
        try withMandatoryRouter("refused-first-frame") { router, dealer in
            try dealer.send([bytes("hello")])
            _ = try router.receive(within: deliveryTimeout)
            let body = ZMQFrames([bytes("body")])
            let error = try #require(throws: ZMQError.self) {
                try router.send(dontWait: true) { sender in
                    sender.add(ZMQRoutingID(bytes("stranger")))
                    // Were these sent, "known" would take the next frames as a message of its own.
                    sender.add(ZMQRoutingID(bytes("known")))
                    sender.add(body)
                }
            }
            #expect(error.isHostUnreachable)
            #expect(try dealer.receive(within: silenceTimeout) == nil)
            try router.send { sender in
                sender.add(ZMQRoutingID(bytes("known")))
                sender.add(body)
            }
            #expect(try dealer.receive(within: deliveryTimeout) == [bytes("body")])
        }
    }

    @Test func aCollectorReadsWhatAnEncoderWrites() {
        let message = ZMQMessage.copying([bytes("kept")])
        let frames = ZMQFrameCollector.frames { sink in
            sink.add(byte: 1)
            sink.add(frame: 0, of: message)
            sink.add(ZMQFrames(message))
        }
        #expect(frames == [[1], bytes("kept"), bytes("kept")])
    }
}
