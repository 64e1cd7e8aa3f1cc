import CSodium

/// A 256-bit BLAKE2b digest (libsodium's `crypto_generichash`) of a request's canonical arguments, in hex: what an
/// idempotency record remembers to tell a retry from a different request reusing its key.
public enum ArgumentsDigest {
    /// The digest of `bytes`.
    public static func hex(of bytes: [UInt8]) -> String {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var digest = [UInt8](repeating: 0, count: 32)
        let status = bytes.withUnsafeBufferPointer { input in
            crypto_generichash(&digest, digest.count, input.baseAddress, UInt64(input.count), nil, 0)
        }
        precondition(status == 0, "crypto_generichash failed")
        return digest.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
