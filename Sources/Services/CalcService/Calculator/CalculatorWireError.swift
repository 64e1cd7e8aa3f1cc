import Foundation
import CalcAPI
import Calculator
import Wire

/// Calculator errors on the wire: `not_found` for unknown units, currencies, zones and dates; everything else is
/// `invalid_argument` naming the field. Expression errors carry their kind (`syntax`, `division_by_zero`,
/// `domain`, `undefined`, `overflow`, `unknown_identifier`) in `details[0].code`, and the column in the message.
extension CalculatorError: WireErrorConvertible {
    public var wireError: WireError {
        if code == .notFound { return WireError(.notFound, message, field: field) }
        let field = field ?? "args"
        if code == .invalidArgument { return WireError(.invalidArgument, message, field: field) }
        let detail = WireError.Detail(field: field, code: WireError.Code(rawValue: code.rawValue), message: message)
        return WireError(.invalidArgument, message, field: field, details: [detail])
    }
}

extension NumberText {
    /// The exact value.
    /// - Throws: ``CalculatorError`` `invalid_argument` naming `field`.
    func rational(_ field: String) throws -> Rational {
        guard let value = Rational(parsing: text) else {
            throw CalculatorError(.invalidArgument, "\(field) must be a decimal number, got '\(text)'", field: field)
        }
        return value
    }
}
