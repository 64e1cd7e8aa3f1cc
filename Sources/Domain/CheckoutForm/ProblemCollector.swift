/// Gathers the problems of every field while keeping the values of the fields that passed.
struct ProblemCollector {
    private(set) var problems: [CheckoutFormProblem] = []

    /// The field's value when it passed; otherwise records its problem and returns `nil`.
    mutating func take<Value>(_ field: CheckoutFormProblem.Field, _ result: Result<Value, FieldFailure>) -> Value? {
        switch result {
        case .success(let value):
            return value
        case .failure(let failure):
            record(field, failure)
            return nil
        }
    }

    /// Records a problem with a field.
    mutating func record(_ field: CheckoutFormProblem.Field, _ failure: FieldFailure) {
        problems.append(CheckoutFormProblem(field: field, code: failure.code, message: failure.message))
    }
}
