import CSodium

/// A SHA-256 digest (libsodium's `crypto_hash_sha256`) in hex, as `sha256sum` prints it: what names an imported
/// file, so its owner can check which file a household imported.
public enum SHA256Digest {
    /// The digest of `bytes`, as 64 hex digits.
    public static func hex(of bytes: [UInt8]) -> String {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        let status = bytes.withUnsafeBufferPointer { input in
            crypto_hash_sha256(&digest, input.baseAddress, UInt64(input.count))
        }
        precondition(status == 0, "crypto_hash_sha256 failed")
        return Blake2bDigest.hexText(digest)
    }
}
