import Money
import Wire

extension Currency {
    /// The currency with ISO 4217 `code` (any case).
    /// - Throws: `invalid_argument` naming `field` for a code that is not one.
    static func named(_ code: String, field: String) throws -> Currency {
        guard let currency = Currency(code: code.uppercased()) else {
            throw WireError(.invalidArgument, "\(code) is not an ISO 4217 currency code", field: field)
        }
        return currency
    }

    /// An amount in this currency's minor units, above 0 (or 0 too, with `allowsZero`).
    /// - Throws: `invalid_argument` naming `field` when it is missing, not decimal text with at most this currency's
    ///   minor digits, or out of range.
    func amount(_ text: String?, field: String, allowsZero: Bool = false) throws -> Int64 {
        guard let text else { throw WireError(.invalidArgument, "\(field) is required", field: field) }
        guard let amount = parse(text), amount > 0 || (allowsZero && amount == 0) else {
            throw WireError(
                .invalidArgument,
                "\(field) must be \(allowsZero ? "an" : "a positive") amount with at most \(minorDigits) decimals in "
                    + "\(code), like \"\(format(8430))\", not \"\(text)\"",
                field: field
            )
        }
        return amount
    }
}
