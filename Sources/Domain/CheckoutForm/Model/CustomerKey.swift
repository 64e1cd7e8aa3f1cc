/// The identity a per-customer voucher limit counts against.
///
/// The key is the phone number in E.164 when the phone number is valid, otherwise the normalized e-mail
/// address lowercased entirely (local part too, so `Ann@Example.com` and `ann@example.com` share one limit even
/// though a mail server may tell them apart). The two kinds never collide: an E.164 number starts with `+` and
/// holds no `@`. The key is only as strong as the contact details behind it; it is a speed bump for voucher
/// abuse, not proof of identity.
public struct CustomerKey: Sendable, Hashable, CustomStringConvertible {
    /// The key text, e.g. `+16502530000` or `ann@example.com`.
    public var rawValue: String

    /// The key for a customer's normalized contact details, preferring the phone number.
    ///
    /// - Parameters:
    ///   - phone: A valid phone number in E.164, or `nil`.
    ///   - email: A normalized e-mail address, or `nil`.
    /// - Returns: `nil` when both are `nil`.
    public init?(phone: String?, email: String?) {
        if let phone {
            rawValue = phone
        } else if let email {
            rawValue = email.lowercased()
        } else {
            return nil
        }
    }

    public var description: String { rawValue }
}
