/// A checkout form that passed every check, with each value normalized.
public struct CheckoutDetails: Sendable, Hashable {
    /// The name: trimmed, NFC, inner runs of spaces collapsed, case preserved.
    public var name: String
    /// The phone number in E.164 (`+16502530000`).
    public var phone: String
    /// The e-mail address, trimmed with the domain lowercased; `nil` when none was given.
    public var email: String?
    /// The normalized delivery address.
    public var address: PostalAddress
    /// The key a per-customer voucher limit counts against.
    public var customerKey: CustomerKey

    /// Creates checkout details from values that are already normalized.
    public init(name: String, phone: String, email: String?, address: PostalAddress, customerKey: CustomerKey) {
        self.name = name
        self.phone = phone
        self.email = email
        self.address = address
        self.customerKey = customerKey
    }
}

/// A normalized delivery address.
public struct PostalAddress: Sendable, Hashable {
    /// Street and house number, trimmed with inner spaces collapsed.
    public var street: String
    /// The city, trimmed with inner spaces collapsed.
    public var city: String
    /// The postal code in its country's canonical spelling (`K1A 0B1`, `12345-6789`, `SW1A 1AA`, `1234 AB`).
    public var postalCode: String
    /// ISO 3166 alpha-2 country code, uppercase.
    public var country: String

    /// Creates an address from values that are already normalized.
    public init(street: String, city: String, postalCode: String, country: String) {
        self.street = street
        self.city = city
        self.postalCode = postalCode
        self.country = country
    }
}
