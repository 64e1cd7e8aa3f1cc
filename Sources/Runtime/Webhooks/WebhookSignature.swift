import CSodium
import Foundation

/// A delivery's signature as Standard Webhooks v1 defines it: HMAC-SHA256, keyed with the subscription's secret, over
/// `{webhook-id}.{webhook-timestamp}.{body}`, sent as `v1,` and its base64 in the `webhook-signature` header.
public enum WebhookSignature {
    /// The `webhook-signature` header's value for a delivery of `body` with `id`, sent at `timestamp` (seconds since
    /// 1970).
    public static func header(id: String, timestamp: Int64, body: [UInt8], secret: WebhookSecret) -> String {
        "v1," + Data(mac(Array("\(id).\(timestamp).".utf8) + body, key: secret.key)).base64EncodedString()
    }

    private static func mac(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var state = crypto_auth_hmacsha256_state()
        var mac = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
        crypto_auth_hmacsha256_init(&state, key, key.count)
        crypto_auth_hmacsha256_update(&state, message, UInt64(message.count))
        crypto_auth_hmacsha256_final(&state, &mac)
        return mac
    }
}
