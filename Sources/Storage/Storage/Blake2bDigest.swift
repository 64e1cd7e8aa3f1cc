import CSodium

/// A 256-bit BLAKE2b digest (libsodium's `crypto_generichash`) in hex: what an idempotency record remembers to tell
/// a retry from a different request reusing its key, and what the ledger stores instead of a session token.
public enum Blake2bDigest {
    /// The digest of `bytes`, as 64 hex digits.
    public static func hex(of bytes: [UInt8]) -> String {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var digest = [UInt8](repeating: 0, count: 32)
        let status = bytes.withUnsafeBufferPointer { input in
            crypto_generichash(&digest, digest.count, input.baseAddress, UInt64(input.count), nil, 0)
        }
        precondition(status == 0, "crypto_generichash failed")
        return hexText(digest)
    }

    /// `bytes` as lower-case hex, two digits a byte.
    public static func hexText(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
