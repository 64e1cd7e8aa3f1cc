/// The checkout form as the customer typed it: raw strings, nothing checked yet.
public struct CheckoutFormInput: Sendable, Hashable {
    /// The customer's name, in any script and order.
    public var name: String
    /// The phone number, national or international, with any common separators.
    public var phone: String
    /// The e-mail address; `nil` or blank when the customer left it out.
    public var email: String?
    /// The delivery address.
    public var address: AddressInput

    /// Creates a form input from the raw field values.
    public init(name: String, phone: String, email: String? = nil, address: AddressInput) {
        self.name = name
        self.phone = phone
        self.email = email
        self.address = address
    }
}

/// The delivery address as typed.
public struct AddressInput: Sendable, Hashable {
    /// Street and house number, in one line (`221B Baker Street`, `Keizersgracht 123`).
    public var street: String
    /// Town or city.
    public var city: String
    /// Postal code in any common spelling (`k1a0b1`, `sw1a1aa`, `1234ab`).
    public var postalCode: String
    /// ISO 3166 alpha-2 country code; `nil` or blank means the validator's default region.
    public var country: String?

    /// Creates an address input from the raw field values.
    public init(street: String, city: String, postalCode: String, country: String? = nil) {
        self.street = street
        self.city = city
        self.postalCode = postalCode
        self.country = country
    }
}
