import CheckoutForm

/// Shared, immutable test helpers: one validator (building it compiles the phone data) and valid field values.
enum Fixtures {
    static let validator: CheckoutFormValidator = {
        do {
            return try CheckoutFormValidator()
        } catch {
            fatalError("the bundled phone data does not load: \(error)")
        }
    }()

    /// A form valid for default region CA; tests replace the field under test.
    static let validInput = CheckoutFormInput(
        name: "Zoë O’Brien",
        phone: "(613) 555-0199",
        email: "Zoe@Example.COM",
        address: AddressInput(street: "24 Sussex Drive", city: "Ottawa", postalCode: "k1m 1m4", country: "CA")
    )

    /// Validates `validInput` after one change.
    static func validate(
        defaultRegion: String = "CA",
        _ change: (inout CheckoutFormInput) -> Void
    ) -> CheckoutFormResult {
        var input = validInput
        change(&input)
        return validator.validate(input, defaultRegion: defaultRegion)
    }

    /// The codes reported for one field.
    static func codes(_ result: CheckoutFormResult, _ field: CheckoutFormProblem.Field) -> [String] {
        result.problems.filter { $0.field == field }.map(\.code.rawValue)
    }
}
