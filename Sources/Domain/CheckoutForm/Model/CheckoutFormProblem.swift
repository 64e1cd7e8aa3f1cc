/// One thing wrong with one field: where (``field``), what (``code``, stable) and a message for people.
///
/// Clients branch on ``code`` and show ``message``; the message wording may change, the code does not.
public struct CheckoutFormProblem: Sendable, Hashable, CustomStringConvertible {
    /// The field at fault, as a dotted path.
    public var field: Field
    /// The machine-readable reason.
    public var code: Code
    /// A short English explanation for the customer.
    public var message: String

    /// Creates a problem report.
    public init(field: Field, code: Code, message: String) {
        self.field = field
        self.code = code
        self.message = message
    }

    public var description: String { "\(field): \(code) (\(message))" }
}

extension CheckoutFormProblem {
    /// A field path such as `name` or `address.postalCode`.
    public struct Field: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The customer's name.
        public static let name = Field(rawValue: "name")
        /// The phone number.
        public static let phone = Field(rawValue: "phone")
        /// The e-mail address.
        public static let email = Field(rawValue: "email")
        /// The street and house number.
        public static let street = Field(rawValue: "address.street")
        /// The city.
        public static let city = Field(rawValue: "address.city")
        /// The postal code.
        public static let postalCode = Field(rawValue: "address.postalCode")
        /// The address country.
        public static let country = Field(rawValue: "address.country")
    }

    /// A stable lower_snake_case reason code.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The field is empty or only white space.
        public static let required = Code(rawValue: "required")
        /// The value is longer than the field allows.
        public static let tooLong = Code(rawValue: "too_long")
        /// The value is shorter than the field allows (phone numbers).
        public static let tooShort = Code(rawValue: "too_short")
        /// The value holds characters the field does not accept (digits in a name, letters in a phone number,
        /// control or format characters anywhere), or none of the letters it needs.
        public static let invalidCharacters = Code(rawValue: "invalid_characters")
        /// A phone number of a plausible length that the numbering plan does not allow.
        public static let invalidPhone = Code(rawValue: "invalid_phone")
        /// `invalid_country_code`: a phone country calling code or an address country code that does not exist,
        /// or a national phone number with no default region to read it in.
        public static let invalidCountry = Code(rawValue: "invalid_country_code")
        /// An e-mail address that is not of the form `local@domain.tld`.
        public static let invalidEmail = Code(rawValue: "invalid_email")
        /// A street with no house number (no digit).
        public static let missingHouseNumber = Code(rawValue: "missing_house_number")
        /// A street with no street name (no letter).
        public static let missingStreetName = Code(rawValue: "missing_street_name")
        /// `invalid_postal_code`: a postal code that does not fit the country's format.
        public static let invalidPostcode = Code(rawValue: "invalid_postal_code")
        /// A real country whose addresses this module does not check (only CA, US, GB and NL are supported).
        public static let unsupportedCountry = Code(rawValue: "unsupported_country")
    }
}
