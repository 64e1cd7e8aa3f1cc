/// Everything the validator found: every problem at once, and the values it could normalize.
public struct CheckoutFormResult: Sendable, Hashable {
    /// Every problem, in field order (name, phone, email, address); empty when the form is valid.
    public var problems: [CheckoutFormProblem]
    /// The normalized value of each field that passed, even when other fields failed.
    public var fields: NormalizedFields
    /// The customer key derived from the fields that passed (phone first, then e-mail), if any.
    public var customerKey: CustomerKey?
    /// The complete normalized form; `nil` unless ``problems`` is empty.
    public var details: CheckoutDetails?

    /// Creates a result from its parts.
    public init(
        problems: [CheckoutFormProblem],
        fields: NormalizedFields,
        customerKey: CustomerKey?,
        details: CheckoutDetails?
    ) {
        self.problems = problems
        self.fields = fields
        self.customerKey = customerKey
        self.details = details
    }

    /// Whether the form passed every check.
    public var isValid: Bool { problems.isEmpty }
}
