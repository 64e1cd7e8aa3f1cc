import Calculator

/// One input value: a number, a yes/no option or a choice.
///
/// Numbers are exact rationals, so `8.4` stays exactly 8.4 and every quantity is computed without rounding until
/// the estimator's one rounding rule. The catalogue's JSON defaults decode into this type too.
public enum CeilingValue: Sendable, Hashable, CustomStringConvertible {
    /// A number, e.g. a length in metres or a count of spare tiles.
    case number(Rational)
    /// A yes/no option.
    case bool(Bool)
    /// A choice's value, e.g. `1200x3600`, or a number written as text.
    case text(String)

    /// The number, when this is a number or text that reads fully as a decimal number (`"8.4"`, `"-2"`, `"1e3"`).
    public var numberValue: Rational? {
        switch self {
        case .number(let value): value
        case .text(let text): Rational(decimalText: text)
        case .bool: nil
        }
    }

    public var description: String {
        switch self {
        case .number(let value): value.decimalText
        case .bool(let value): value ? "yes" : "no"
        case .text(let value): value
        }
    }
}

extension CeilingValue: Decodable {
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let text = try? single.decode(String.self) {
            self = .text(text)
        } else {
            self = .number(try single.decode(Rational.self))
        }
    }
}
