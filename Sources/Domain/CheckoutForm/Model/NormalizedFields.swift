/// The normalized value of each field that passed its own check, whatever happened to the other fields.
///
/// A client can show these next to the problems (for example the phone number rewritten in E.164) so the
/// customer sees how the form was read. A field is `nil` when it failed or, for ``email``, was left out.
public struct NormalizedFields: Sendable, Hashable {
    /// The normalized name.
    public var name: String?
    /// The phone number in E.164.
    public var phone: String?
    /// The normalized e-mail address.
    public var email: String?
    /// The normalized street.
    public var street: String?
    /// The normalized city.
    public var city: String?
    /// The postal code in canonical spelling (only when ``country`` is supported).
    public var postalCode: String?
    /// The ISO 3166 alpha-2 country code (only when supported).
    public var country: String?

    /// Creates a set of per-field values; every field defaults to `nil`.
    public init(
        name: String? = nil,
        phone: String? = nil,
        email: String? = nil,
        street: String? = nil,
        city: String? = nil,
        postalCode: String? = nil,
        country: String? = nil
    ) {
        self.name = name
        self.phone = phone
        self.email = email
        self.street = street
        self.city = city
        self.postalCode = postalCode
        self.country = country
    }
}
