import Testing
import ZeroMQ

@Suite struct CurveTests {
    @Test func generatesDistinctThirtyTwoByteKeys() throws {
        let first = try CurveKeyPair.generate()
        let second = try CurveKeyPair.generate()
        #expect(first.publicKey.bytes.count == 32)
        #expect(first.secretKey.bytes.count == 32)
        #expect(first.publicKey != first.secretKey)
        #expect(first != second)
        #expect(first.publicKey.z85.count == 40)
    }

    @Test func z85RoundTrips() throws {
        let pair = try CurveKeyPair.generate()
        #expect(try CurveKey(z85: pair.publicKey.z85) == pair.publicKey)
        #expect(try CurveKey(z85: pair.secretKey.z85) == pair.secretKey)
    }

    @Test(arguments: [
        ("0000000000000000000000000000000000000000", [UInt8](repeating: 0, count: 32)),
        ("%nSc0%nSc0%nSc0%nSc0%nSc0%nSc0%nSc0%nSc0", [UInt8](repeating: 0xFF, count: 32)),
    ])
    func decodesKnownVectors(_ text: String, _ expected: [UInt8]) throws {
        let key = try CurveKey(z85: text)
        #expect(key.bytes == expected)
        #expect(key.z85 == text)
    }

    @Test func ignoresSurroundingWhitespaceAsReadFromAFile() throws {
        let pair = try CurveKeyPair.generate()
        #expect(try CurveKey(z85: "  \(pair.publicKey.z85)\n") == pair.publicKey)
    }

    @Test(arguments: [
        "", "000000000000000000000000000000000000000", "00000000000000000000000000000000000000000",
        "~000000000000000000000000000000000000000", "\"000000000000000000000000000000000000000",
        "0000000000000000000 0000000000000000000", "#####00000000000000000000000000000000000",
        "000000000000000000000000000000000000000é",
    ])
    func refusesBadZ85(_ text: String) {
        let error = #expect(throws: ZMQError.self) { try CurveKey(z85: text) }
        #expect(error?.function == "zmq_z85_decode")
    }

    // MARK: - Encrypted exchange

    /// A CURVE server ROUTER and a client DEALER that trusts `trustedKey`, connected over loopback TCP.
    /// A CURVE server ROUTER and a DEALER connected to it; the DEALER speaks CURVE when `client` is given (trusting
    /// `trustedKey` as the server's key), plain text otherwise.
    private func withCurvePair(
        server: CurveKeyPair,
        client: (trustedKey: CurveKey, keyPair: CurveKeyPair)?,
        _ body: (ZMQSocket, ZMQSocket) throws -> Void
    ) throws {
        try withRouterAndDealer { router, dealer in
            try router.makeCurveServer(secretKey: server.secretKey)
            try router.bind("tcp://127.0.0.1:*")
            if let client { try dealer.makeCurveClient(serverKey: client.trustedKey, keyPair: client.keyPair) }
            try dealer.connect(try router.lastEndpoint)
            try body(router, dealer)
        }
    }

    @Test func encryptedExchangeWorksWithTheRightServerKey() throws {
        let server = try CurveKeyPair.generate()
        let client = try CurveKeyPair.generate()
        try withCurvePair(server: server, client: (server.publicKey, client)) { router, dealer in

            try dealer.send([bytes("secret"), []])
            let received = try #require(try router.receive(within: deliveryTimeout))
            #expect(Array(received.dropFirst()) == [bytes("secret"), []])
            try router.send([received[0], bytes("reply")])
            #expect(try dealer.receive(within: deliveryTimeout) == [bytes("reply")])
        }
    }

    @Test func wrongServerKeyDeliversNothing() throws {
        let server = try CurveKeyPair.generate()
        let impostor = try CurveKeyPair.generate()
        let client = try CurveKeyPair.generate()
        try withCurvePair(server: server, client: (impostor.publicKey, client)) { router, dealer in

            try dealer.send([bytes("secret")])
            #expect(try router.receive(within: silenceTimeout) == nil)
        }
    }

    @Test func plainTextClientDeliversNothingToACurveServer() throws {
        let server = try CurveKeyPair.generate()
        try withCurvePair(server: server, client: nil) { router, dealer in
            try dealer.send([bytes("plain")])
            #expect(try router.receive(within: silenceTimeout) == nil)
        }
    }
}
