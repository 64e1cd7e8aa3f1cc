import CalcAPI
import Calculator
import Ceiling
import Wire

extension CeilingEstimateOp.Args {
    /// The inputs as domain values; `null` counts as not given.
    /// - Throws: ``WireError`` `invalid_argument` for an array or object value.
    func ceilingInputs() throws -> [String: CeilingValue] {
        var values: [String: CeilingValue] = [:]
        for (name, value) in inputs ?? [:] {
            switch value {
            case .null: continue
            case .bool(let flag): values[name] = .bool(flag)
            case .string(let text): values[name] = .text(text)
            case .number(let text):
                guard let number = Rational(decimalText: text) else {
                    throw Self.badValue(name)
                }
                values[name] = .number(number)
            case .array, .object: throw Self.badValue(name)
            }
        }
        return values
    }

    private static func badValue(_ name: String) -> WireError {
        let field = "inputs.\(name)"
        let message = "\(field) must be a number, true or false, or text"
        return WireError(
            .invalidArgument,
            message,
            field: field,
            details: [.init(field: field, code: WireError.Code(rawValue: "wrong_type"), message: message)]
        )
    }
}
