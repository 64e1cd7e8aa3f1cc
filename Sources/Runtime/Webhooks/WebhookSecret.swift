import CSodium
import Foundation

/// A subscription's signing key in Standard Webhooks' form: `whsec_` and the key's base64, 24 to 64 random bytes.
/// The receiver holds the same text and checks each delivery's signature with it.
public struct WebhookSecret: Sendable, Hashable {
    /// The key's bytes (what HMAC-SHA256 is keyed with).
    public let key: [UInt8]

    /// The prefix Standard Webhooks gives a secret.
    public static let prefix = "whsec_"
    /// The key lengths accepted, in bytes.
    public static let keyLengths = 24...64

    /// The secret as subscribers hold it: `whsec_` and the key's base64.
    public var text: String { Self.prefix + Data(key).base64EncodedString() }

    /// A new secret of 32 random bytes.
    public static func random() -> WebhookSecret {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var key = [UInt8](repeating: 0, count: 32)
        randombytes_buf(&key, key.count)
        return WebhookSecret(key: key)
    }

    /// The secret `text` holds (`whsec_` and base64 of 24 to 64 bytes), or nil when it holds none.
    public init?(text: String) {
        guard text.hasPrefix(Self.prefix), let key = Data(base64Encoded: String(text.dropFirst(Self.prefix.count))),
            Self.keyLengths.contains(key.count)
        else { return nil }
        self.key = Array(key)
    }

    private init(key: [UInt8]) { self.key = key }
}
