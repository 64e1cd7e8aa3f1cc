import Foundation

extension Rational: Decodable {
    /// Decodes a JSON number (read through `Decimal`, which keeps up to 38 significant digits) or a decimal string,
    /// exactly.
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        let text: String
        if let string = try? single.decode(String.self) {
            text = string
        } else {
            text = "\(try single.decode(Decimal.self))"
        }
        guard let value = Rational(decimalText: text) else {
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "\(text) is not a decimal number")
        }
        self = value
    }

    /// Parses a plain decimal (`8.4`, `-2`, `1e3`), never a fraction; `nil` for anything else.
    public init?(decimalText text: some StringProtocol) {
        if let literal = text.utf8.withContiguousStorageIfAvailable({ Rational(literal: $0) }), let literal {
            self = literal
            return
        }
        guard !text.contains("/"), let value = Rational(parsing: text) else { return nil }
        self = value
    }
}
