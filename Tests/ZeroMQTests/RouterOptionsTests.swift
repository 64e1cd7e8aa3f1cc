import Testing
import ZeroMQ

/// `ZMQ_ROUTER_MANDATORY`, `ZMQ_ROUTER_HANDOVER` and `ZMQ_MAXMSGSIZE`, as the broker sets them.
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
        try withMandatoryRouter("mandatory-known") { router, dealer in
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

    @Test func handoverLetsASecondConnectionTakeOverALiveRoutingID() throws {
        try withContext { context in
            let router = try ZMQSocket(context: context, type: .router)
            defer { router.close() }
            try router.setRouterHandover(true)
            try router.bind("tcp://127.0.0.1:*")
            let endpoint = try router.lastEndpoint
            let first = try ZMQSocket(context: context, type: .dealer)
            defer { first.close() }
            try first.setRoutingID(bytes("same"))
            try first.connect(endpoint)
            try first.send([bytes("one")])
            #expect(try router.receive(within: deliveryTimeout) == [bytes("same"), bytes("one")])

            let second = try ZMQSocket(context: context, type: .dealer)
            defer { second.close() }
            try second.setRoutingID(bytes("same"))
            try second.connect(endpoint)
            try second.send([bytes("two")])
            #expect(try router.receive(within: deliveryTimeout) == [bytes("same"), bytes("two")])
            try router.send([bytes("same"), bytes("to the second")])
            #expect(try second.receive(within: deliveryTimeout) == [bytes("to the second")])
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
