import Testing
import ZeroMQ

/// `ZMQ_ROUTER_MANDATORY` and `ZMQ_MAXMSGSIZE`, as the broker sets them.
@Suite struct RouterOptionsTests {
    @Test func mandatoryRouterRefusesAnUnknownIdentity() throws {
        try withContext { context in
            let router = try ZMQSocket(context: context, type: .router)
            defer { router.close() }
            try router.setRouterMandatory(true)
            try router.bind("inproc://mandatory")
            let error = try #require(throws: ZMQError.self) { try router.send([bytes("nobody"), bytes("hello")]) }
            #expect(error.isHostUnreachable)
            #expect(error.function == "zmq_send")
        }
    }

    @Test func mandatoryRouterReachesAKnownIdentity() throws {
        try withContext { context in
            let router = try ZMQSocket(context: context, type: .router)
            defer { router.close() }
            let dealer = try ZMQSocket(context: context, type: .dealer)
            defer { dealer.close() }
            try router.setRouterMandatory(true)
            try router.bind("inproc://mandatory-known")
            try dealer.setRoutingID(bytes("known"))
            try dealer.connect("inproc://mandatory-known")
            try dealer.send([bytes("hello")])
            #expect(try router.receive(within: deliveryTimeout) == [bytes("known"), bytes("hello")])
            try router.send([bytes("known"), bytes("welcome")])
            #expect(try dealer.receive(within: deliveryTimeout) == [bytes("welcome")])
            #expect(throws: ZMQError.self) { try router.send([bytes("stranger"), bytes("x")]) }
        }
    }

    @Test func defaultRouterDropsMessagesForUnknownIdentitiesSilently() throws {
        try withContext { context in
            let router = try ZMQSocket(context: context, type: .router)
            defer { router.close() }
            try router.bind("inproc://lenient")
            try router.send([bytes("nobody"), bytes("hello")])
        }
    }

    @Test func oversizedMessageNeverArrives() throws {
        try withContext { context in
            let router = try ZMQSocket(context: context, type: .router)
            defer { router.close() }
            let dealer = try ZMQSocket(context: context, type: .dealer)
            defer { dealer.close() }
            try router.setMaxMessageSize(bytes: 1024)
            try router.bind("tcp://127.0.0.1:*")
            try dealer.connect(try router.lastEndpoint)

            try dealer.send([[UInt8](repeating: 1, count: 1024)])
            let fits = try #require(try router.receive(within: deliveryTimeout))
            #expect(fits.last?.count == 1024)

            try dealer.send([[UInt8](repeating: 2, count: 1025)])
            #expect(try router.receive(within: silenceTimeout) == nil)
        }
    }
}
