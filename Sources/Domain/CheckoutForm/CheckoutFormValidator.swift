/// Checks and normalizes a food-order checkout form, reporting every problem at once.
///
/// Each field is checked on its own, so one bad field never hides another, and every field that passes gets its
/// normalized value in ``CheckoutFormResult/fields`` even when the form as a whole fails. The validator knows
/// nothing of storage or the wire; build it once (it compiles the phone-number data) and share it.
///
/// ```swift
/// let validator = try CheckoutFormValidator()
/// let result = validator.validate(
///     CheckoutFormInput(
///         name: "Zoë O’Brien",
///         phone: "(613) 555-0199",
///         email: "Zoe@Example.COM",
///         address: AddressInput(street: "24 Sussex Drive", city: "Ottawa", postalCode: "k1m1m4")
///     ),
///     defaultRegion: "CA"
/// )
/// // result.details?.phone == "+16135550199", result.details?.address.postalCode == "K1M 1M4"
/// ```
///
/// Fields and their codes:
/// - `name` (required): `required`, `invalid_characters`, `too_long`.
/// - `phone` (required): `required`, `invalid_characters`, `too_short`, `too_long`, `invalid_country_code`,
///   `invalid_phone`. Calling codes +1, +31, +33, +44, +49 and +61 follow libphonenumber's numbering plans;
///   others are checked for the E.164 shape only.
/// - `email` (optional): `too_long`, `invalid_email`.
/// - `address.street`: `required`, `invalid_characters`, `too_long`, `missing_house_number`, `missing_street_name`.
/// - `address.city`: `required`, `invalid_characters`, `too_long`.
/// - `address.country`: `invalid_country_code`, `unsupported_country` (only CA, US, GB and NL are supported).
/// - `address.postalCode`: `required`, `invalid_postal_code` (checked only when the country is supported).
public struct CheckoutFormValidator: Sendable {
    private let phoneRule: PhoneNumberRule

    /// Creates a validator with the phone-number data shipped in this module.
    /// - Throws: ``CheckoutFormDataError`` when the bundled data is missing or malformed (a packaging fault).
    public init() throws {
        phoneRule = PhoneNumberRule(rules: try PhoneNumberRules.bundled())
    }

    /// Checks every field of a checkout form.
    ///
    /// - Parameters:
    ///   - input: The form as typed.
    ///   - defaultRegion: ISO 3166 alpha-2 code (any case) of the region national phone numbers belong to, and
    ///     the address country when the form leaves it blank; usually the shop's country. Must be two ASCII
    ///     letters.
    /// - Returns: Every problem, the per-field normalized values, the customer key and, when there is no problem,
    ///   the complete ``CheckoutDetails``.
    public func validate(_ input: CheckoutFormInput, defaultRegion: String) -> CheckoutFormResult {
        let region = defaultRegion.uppercased()
        precondition(
            region.count == 2 && region.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) },
            "defaultRegion must be an ISO 3166 alpha-2 code, got \(defaultRegion)"
        )
        var collector = ProblemCollector()
        let country = collector.take(.country, CountryRule.check(input.address.country, defaultRegion: region))
        var fields = NormalizedFields()
        fields.name = collector.take(.name, NameRule.check(input.name))
        fields.phone = collector.take(.phone, phoneRule.check(input.phone, defaultRegion: region))
        fields.email = collector.take(.email, EmailRule.check(input.email)) ?? nil
        fields.street = collector.take(.street, StreetRule.check(input.address.street))
        fields.city = collector.take(.city, CityRule.check(input.address.city))
        if let country {
            fields.postalCode = collector.take(.postalCode, country.check(input.address.postalCode))
            fields.country = country.country
        } else if TextCleaning.clean(input.address.postalCode).isEmpty {
            collector.record(.postalCode, FieldFailure(.required, "Enter the postal code."))
        }
        let customerKey = CustomerKey(phone: fields.phone, email: fields.email)
        return CheckoutFormResult(
            problems: collector.problems.sorted { Self.fieldOrder($0.field) < Self.fieldOrder($1.field) },
            fields: fields,
            customerKey: customerKey,
            details: collector.problems.isEmpty ? details(fields, customerKey: customerKey) : nil
        )
    }

    /// The customer key for contact details given alone (a quote's per-customer voucher check, a staff lookup):
    /// the phone normalized as at checkout, else the email; `nil` when neither is valid.
    public func customerKey(phone: String?, email: String?, defaultRegion: String) -> CustomerKey? {
        let normalizedPhone = phone.flatMap {
            try? phoneRule.check($0, defaultRegion: defaultRegion.uppercased()).get()
        }
        let normalizedEmail = email.flatMap { try? EmailRule.check($0).get() } ?? nil
        return CustomerKey(phone: normalizedPhone, email: normalizedEmail)
    }

    private func details(_ fields: NormalizedFields, customerKey: CustomerKey?) -> CheckoutDetails? {
        guard let name = fields.name, let phone = fields.phone, let street = fields.street, let city = fields.city,
            let postalCode = fields.postalCode, let country = fields.country, let customerKey
        else { return nil }
        let address = PostalAddress(street: street, city: city, postalCode: postalCode, country: country)
        return CheckoutDetails(
            name: name,
            phone: phone,
            email: fields.email,
            address: address,
            customerKey: customerKey
        )
    }

    private static func fieldOrder(_ field: CheckoutFormProblem.Field) -> Int {
        let order: [CheckoutFormProblem.Field] = [.name, .phone, .email, .street, .city, .postalCode, .country]
        return order.firstIndex(of: field) ?? order.count
    }
}
