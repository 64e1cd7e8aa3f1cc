import Foundation

/// One input value: a number, a yes/no option or a choice.
///
/// Numbers are `Decimal`, so `8.4` stays exactly 8.4. The catalogue's JSON defaults decode into this type too.
public enum CeilingValue: Sendable, Hashable, CustomStringConvertible {
    /// A number, e.g. a length in metres or a count of spare tiles.
    case number(Decimal)
    /// A yes/no option.
    case bool(Bool)
    /// A choice's value, e.g. `1200x3600`, or a number written as text.
    case text(String)

    /// The number, when this is a number or text that reads fully as a decimal number.
    public var decimalValue: Decimal? {
        switch self {
        case .number(let value): value
        case .text(let text): Decimal.exactly(text)
        case .bool: nil
        }
    }

    public var description: String {
        switch self {
        case .number(let value): "\(value)"
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
        } else if let number = try? single.decode(Decimal.self) {
            self = .number(number)
        } else {
            self = .text(try single.decode(String.self))
        }
    }
}

extension Decimal {
    /// The decimal that `text` spells in full (`"8.4"`, `"-2"`, `"1e3"`), or `nil` when any of it is not a number.
    static func exactly(_ text: String) -> Decimal? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ "0123456789.-+eE".contains($0) }) else { return nil }
        let scanner = Scanner(string: trimmed)
        scanner.locale = Locale(identifier: "en_US_POSIX")
        guard let value = scanner.scanDecimal(), scanner.isAtEnd else { return nil }
        return value
    }
}
