import Testing
import ZeroMQ

/// A ZAP handler (RFC 27) deciding CURVE handshakes, and the `User-Id` it gives accepted connections.
@Suite struct ZapTests {

    private static func nextRequest(_ zap: ZMQSocket) throws -> ZapRequest {
        let frames = try #require(try zap.receive(within: deliveryTimeout))
        return try #require(ZapRequest(frames: frames))
    }

    /// A ZAP handler, a CURVE server ROUTER in domain `clients` and a CURVE DEALER with `client`'s key, in one
    /// context; `body` answers the handshake's ZAP request itself.
    private func withZapHandler(
        client: CurveKeyPair,
        _ body: (_ zap: ZMQSocket, _ router: ZMQSocket, _ dealer: ZMQSocket) throws -> Void
    ) throws {
        let server = try CurveKeyPair.generate()
        try withContext { context in
            let zap = try ZMQSocket(context: context, type: .rep)
            defer { zap.close() }
            try zap.bind(ZapRequest.endpoint)
            let router = try ZMQSocket(context: context, type: .router)
            defer { router.close() }
            try router.makeCurveServer(secretKey: server.secretKey)
            try router.setZapDomain("clients")
            try router.bind("tcp://127.0.0.1:*")
            let dealer = try ZMQSocket(context: context, type: .dealer)
            defer { dealer.close() }
            try dealer.makeCurveClient(serverKey: server.publicKey, keyPair: client)
            try dealer.connect(try router.lastEndpoint)
            try dealer.send([bytes("hello")])
            try body(zap, router, dealer)
        }
    }

    @Test func requestCarriesDomainMechanismAndClientKey() throws {
        let client = try CurveKeyPair.generate()
        try withZapHandler(client: client) { zap, _, _ in
            let request = try Self.nextRequest(zap)
            #expect(request.domain == "clients")
            #expect(request.mechanism == "CURVE")
            #expect(request.curveKey == client.publicKey)
            #expect(request.address == "127.0.0.1")
            try zap.send(ZapReply(requestID: request.requestID, status: .failure, statusText: "no").frames)
        }
    }

    @Test func acceptedConnectionsMessagesCarryTheUserID() throws {
        try withZapHandler(client: try CurveKeyPair.generate()) { zap, router, _ in
            let request = try Self.nextRequest(zap)
            try zap.send(
                ZapReply(requestID: request.requestID, status: .success, statusText: "OK", userID: "k1").frames
            )
            var poller = ZMQPoller()
            poller.add(router)
            try poller.poll(timeout: deliveryTimeout)
            let message = try #require(try router.receive(dontWait: true, limits: .unlimited))
            #expect(ZMQFrames(message.message).arrays.dropFirst().first == bytes("hello"))
            #expect(message.userID == "k1")
        }
    }

    @Test func deniedConnectionDeliversNothing() throws {
        try withZapHandler(client: try CurveKeyPair.generate()) { zap, router, _ in
            let request = try Self.nextRequest(zap)
            try zap.send(ZapReply(requestID: request.requestID, status: .failure, statusText: "denied").frames)
            #expect(try router.receive(within: silenceTimeout) == nil)
        }
    }

    @Test(arguments: [[[UInt8]](), [bytes("1.0"), bytes("7")], [bytes("2.0"), [], [], [], [], bytes("CURVE")]])
    func malformedRequestsGetStatus500(_ frames: [[UInt8]]) {
        #expect(ZapRequest(frames: frames) == nil)
        let reply = ZapReply.malformed(frames)
        #expect(reply.frames[2] == bytes("500"))
        #expect(reply.frames[1] == (frames.count > 1 ? frames[1] : []))
    }

    @Test func plainMessagesCarryNoUserID() throws {
        try withContext { context in
            let router = try ZMQSocket(context: context, type: .router)
            defer { router.close() }
            try router.bind("inproc://plain")
            let dealer = try ZMQSocket(context: context, type: .dealer)
            defer { dealer.close() }
            try dealer.connect("inproc://plain")
            try dealer.send([bytes("hi")])
            var poller = ZMQPoller()
            poller.add(router)
            try poller.poll(timeout: deliveryTimeout)
            #expect(try #require(try router.receive(dontWait: true, limits: .unlimited)).userID == nil)
        }
    }
}
