#if canImport(Glibc)
import Glibc
#endif
import Testing
import ZeroMQ

@Suite struct ZMQSocketTests {
    @Test func multipartRoundTripOverInprocKeepsEmptyFrames() throws {
        try withContext { context in
            let router = try ZMQSocket(context: context, type: .router)
            defer { router.close() }
            let dealer = try ZMQSocket(context: context, type: .dealer)
            defer { dealer.close() }
            try router.bind("inproc://round-trip")
            try dealer.setRoutingID(bytes("dealer-1"))
            try dealer.connect("inproc://round-trip")

            let big = [UInt8](repeating: 0xA5, count: 100_000)
            try dealer.send([[], bytes("MDPC02"), [], [0x00], big])
            let received = try #require(try router.receive(within: deliveryTimeout))
            #expect(received.dropLast() == [bytes("dealer-1"), [], bytes("MDPC02"), [], [0x00]])
            let bigFrameIntact = received.last == big  // compared apart, so a failure does not print 100 kB
            #expect(bigFrameIntact)

            try router.send([bytes("dealer-1"), [], bytes("reply"), []])
            #expect(try dealer.receive(within: deliveryTimeout) == [[], bytes("reply"), []])
        }
    }

    @Test func framesAddedOneByOneGoOutAsOneMessage() throws {
        try withRouterAndDealer { router, dealer in
            try router.bind("inproc://frames-one-by-one")
            try dealer.setRoutingID(bytes("dealer-1"))
            try dealer.connect("inproc://frames-one-by-one")
            try dealer.send([bytes("hello")])
            _ = try router.receive(within: deliveryTimeout)

            try router.send { sender in
                sender.add(ZMQRoutingID(bytes("dealer-1")))
                sender.add([])
                sender.add("reply")
                sender.add(byte: 7)
                sender.add([])
            }
            try dealer.send { $0.add("alone") }
            try dealer.send { _ in }
            #expect(try dealer.receive(within: deliveryTimeout) == [[], bytes("reply"), [7], []])
            // Adding nothing sent nothing: the next message is the one after it.
            #expect(try router.receive(within: deliveryTimeout) == [bytes("dealer-1"), bytes("alone")])
            #expect(try router.receive(within: silenceTimeout) == nil)
        }
    }

    @Test func aSingleEmptyFrameIsAMessage() throws {
        try withPipe("empty") { push, pull in
            try push.send([[]])
            try push.send([bytes("after")])
            #expect(try pull.receive(within: deliveryTimeout) == [[]])
            #expect(try pull.receive(within: deliveryTimeout) == [bytes("after")])
        }
    }

    @Test func sendingNoFramesSendsNothing() throws {
        try withPipe("nothing") { push, pull in
            try push.send([])
            try push.send([bytes("marker")])
            #expect(try pull.receive(within: deliveryTimeout) == [bytes("marker")])
        }
    }

    @Test func messagesKeepTheirOrderAndBoundaries() throws {
        try withPipe("order") { push, pull in
            for index in 0..<50 { try push.send([bytes("\(index)"), [UInt8(index)]]) }
            for index in 0..<50 {
                #expect(try pull.receive(within: deliveryTimeout) == [bytes("\(index)"), [UInt8(index)]])
            }
        }
    }

    @Test func tcpBindToAnyPortReportsTheRealEndpoint() throws {
        try withContext { context in
            let router = try ZMQSocket(context: context, type: .router)
            defer { router.close() }
            let dealer = try ZMQSocket(context: context, type: .dealer)
            defer { dealer.close() }
            try router.bind("tcp://127.0.0.1:*")
            let endpoint = try router.lastEndpoint
            let port = try #require(Int(endpoint.dropFirst("tcp://127.0.0.1:".count)))
            #expect(endpoint.hasPrefix("tcp://127.0.0.1:"))
            #expect(port > 0 && port < 65536)

            try dealer.connect(endpoint)
            try dealer.send([bytes("MDPC02"), [0x01], bytes("calc"), []])
            let received = try #require(try router.receive(within: deliveryTimeout))
            #expect(Array(received.dropFirst()) == [bytes("MDPC02"), [0x01], bytes("calc"), []])
            #expect(received.first?.isEmpty == false, "a ROUTER prefixes the peer's identity")

            try router.send([received[0], bytes("pong")])
            #expect(try dealer.receive(within: deliveryTimeout) == [bytes("pong")])
        }
    }

    @Test func receiveWithoutWaitingReturnsNilWhenNothingWaits() throws {
        try withContext { context in
            let pull = try ZMQSocket(context: context, type: .pull)
            defer { pull.close() }
            try pull.bind("inproc://idle")
            #expect(try pull.receive(dontWait: true) == nil)
            let push = try ZMQSocket(context: context, type: .push)
            defer { push.close() }
            try push.connect("inproc://idle")
            try push.send([bytes("a"), bytes("b")])
            #expect(try pull.receive(within: deliveryTimeout) == [bytes("a"), bytes("b")])
            #expect(try pull.receive(dontWait: true) == nil)
        }
    }

    @Test func closedSocketThrowsAndClosingTwiceIsHarmless() throws {
        try withContext { context in
            let socket = try ZMQSocket(context: context, type: .dealer)
            socket.close()
            socket.close()
            let sendError = try #require(throws: ZMQError.self) { try socket.send([bytes("x")]) }
            #expect(sendError.code == ZMQError.notSocket)
            #expect(sendError.function == "zmq_send")
            #expect(throws: ZMQError.self) { try socket.receive(dontWait: true) }
            #expect(throws: ZMQError.self) { try socket.bind("inproc://closed") }
            #expect(throws: ZMQError.self) { try socket.lastEndpoint }
        }
    }

    @Test func badEndpointThrowsTheBindError() throws {
        try withContext { context in
            let socket = try ZMQSocket(context: context, type: .router)
            defer { socket.close() }
            let error = try #require(throws: ZMQError.self) { try socket.bind("nonsense://x") }
            #expect(error.function == "zmq_bind")
            #expect(error.code == EPROTONOSUPPORT)
        }
    }

    @Test func bindingTheSameInprocNameTwiceFails() throws {
        try withContext { context in
            let first = try ZMQSocket(context: context, type: .pull)
            defer { first.close() }
            let second = try ZMQSocket(context: context, type: .pull)
            defer { second.close() }
            try first.bind("inproc://taken")
            let error = try #require(throws: ZMQError.self) { try second.bind("inproc://taken") }
            #expect(error.code == EADDRINUSE)
        }
    }
}
