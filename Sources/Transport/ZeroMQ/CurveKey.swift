import CZeroMQ

/// A 32-byte CURVE key, written in Z85 (40 characters) in files and flags.
public struct CurveKey: Sendable, Hashable {
    /// The 32 raw key bytes.
    public let bytes: [UInt8]

    /// Decodes a Z85 key.
    /// - Throws: ``ZMQError`` with `EINVAL` when `z85` is not 40 valid Z85 characters.
    public init(z85: String) throws {
        let text = z85.trimmingWhitespace
        guard text.utf8.count == 40 else { throw ZMQError(code: EINVAL, function: "zmq_z85_decode") }
        var bytes = [UInt8](repeating: 0, count: 32)
        guard zmq_z85_decode(&bytes, text) != nil else { throw ZMQError(code: EINVAL, function: "zmq_z85_decode") }
        self.bytes = bytes
    }

    init(bytes: [UInt8]) {
        precondition(bytes.count == 32, "CURVE keys are 32 bytes")
        self.bytes = bytes
    }

    /// The key in Z85.
    public var z85: String {
        var text = [CChar](repeating: 0, count: 41)
        _ = bytes.withUnsafeBufferPointer { zmq_z85_encode(&text, $0.baseAddress, 32) }
        return z85Text(text)
    }
}

/// The 40 characters of a Z85 key that libzmq wrote into `buffer`.
private func z85Text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix(40).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A CURVE public/secret key pair.
public struct CurveKeyPair: Sendable, Hashable {
    public let publicKey: CurveKey
    public let secretKey: CurveKey

    public init(publicKey: CurveKey, secretKey: CurveKey) {
        self.publicKey = publicKey
        self.secretKey = secretKey
    }

    /// Generates a new key pair with libzmq (`zmq_curve_keypair`, libsodium underneath).
    /// - Throws: ``ZMQError`` with `ENOTSUP` when libzmq was built without CURVE.
    public static func generate() throws -> CurveKeyPair {
        var publicText = [CChar](repeating: 0, count: 41)
        var secretText = [CChar](repeating: 0, count: 41)
        try zmqCall("zmq_curve_keypair") { zmq_curve_keypair(&publicText, &secretText) }
        return CurveKeyPair(
            publicKey: try CurveKey(z85: z85Text(publicText)),
            secretKey: try CurveKey(z85: z85Text(secretText))
        )
    }

    /// The pair of a secret key, its public key derived with libzmq (`zmq_curve_public`).
    /// - Throws: ``ZMQError`` with `ENOTSUP` when libzmq was built without CURVE.
    public init(secretKey: CurveKey) throws {
        var publicText = [CChar](repeating: 0, count: 41)
        try zmqCall("zmq_curve_public") { zmq_curve_public(&publicText, secretKey.z85) }
        self.init(publicKey: try CurveKey(z85: z85Text(publicText)), secretKey: secretKey)
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(self.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
