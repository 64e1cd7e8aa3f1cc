/// Why one field failed, before it is tied to a field path in a ``CheckoutFormProblem``.
struct FieldFailure: Error, Hashable {
    var code: CheckoutFormProblem.Code
    var message: String

    init(_ code: CheckoutFormProblem.Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
