import CSodium
import Storage

/// Opaque session tokens: 32 random bytes from libsodium, as 64 hex digits after `rk_`. The database keeps only
/// their BLAKE2b digest, so a leaked table signs nobody in.
enum SessionToken {
    /// A fresh token.
    static func make() -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        randombytes_buf(&bytes, bytes.count)
        return "rk_" + Blake2bDigest.hexText(bytes)
    }

    /// The digest the database stores for `token`.
    static func digest(_ token: String) -> String {
        Blake2bDigest.hex(of: Array(token.utf8))
    }
}
