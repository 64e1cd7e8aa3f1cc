import Foundation
import BigInt
import Calculator
import Wire

/// A shopping or stock quantity: an exact decimal of at least 0 with at most ``places`` fraction digits. Converted
/// quantities are rounded half to even at that precision (a milligram in a kilogram line).
struct Quantity: Sendable, Hashable, Comparable {
    /// The fraction digits kept.
    static let places = 6
    static let zero = Quantity(exactly: .zero)
    static let one = Quantity(exactly: .one)

    let value: Rational

    private init(exactly value: Rational) { self.value = value }

    /// Parses decimal text such as `2`, `0.5` or `1.25`, with nothing around it (its schema's pattern).
    /// - Throws: `invalid_argument` naming `field` for anything else, a value of 0 unless `allowsZero`, more than
    ///   six fraction digits, or more than 1,000,000,000.
    init(_ text: String, field: String, allowsZero: Bool = false) throws {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let isDecimal =
            !text.isEmpty && parts.count <= 2 && parts.allSatisfy { $0.allSatisfy(\.isASCIIDigit) }
            && !parts[0].isEmpty && (parts.count == 1 || !parts[1].isEmpty)
        guard isDecimal, let value = Rational(parsing: text) else {
            throw WireError(
                .invalidArgument,
                "\(field) must be a decimal such as 2 or 0.5, got '\(text)'",
                field: field
            )
        }
        guard parts.count == 1 || parts[1].count <= Self.places else {
            throw WireError(.invalidArgument, "\(field) has more than \(Self.places) decimal places", field: field)
        }
        guard allowsZero || !value.isZero else {
            throw WireError(.invalidArgument, "\(field) must be greater than 0", field: field)
        }
        guard value <= Rational(1_000_000_000) else {
            throw WireError(.invalidArgument, "\(field) must be at most 1000000000", field: field)
        }
        self.value = value
    }

    /// `value` rounded half to even to ``places`` fraction digits.
    init(rounding value: Rational) {
        let scale = Rational(BigInt(10).power(Self.places))
        let scaled = value * scale
        var whole = scaled.floor
        let rest = scaled - Rational(whole)
        let half = Rational(1, 2)
        if rest > half || (rest == half && whole % 2 != 0) { whole += 1 }
        self.init(exactly: Rational(whole) / scale)
    }

    /// Plain decimal text, no exponent, no trailing zeros.
    var text: String { value.terminatingDecimal ?? value.formatted(significantDigits: 15) }

    var isZero: Bool { value.isZero }

    static func + (lhs: Quantity, rhs: Quantity) -> Quantity { Quantity(exactly: lhs.value + rhs.value) }
    static func - (lhs: Quantity, rhs: Quantity) -> Quantity { Quantity(exactly: lhs.value - rhs.value) }
    static func < (lhs: Quantity, rhs: Quantity) -> Bool { lhs.value < rhs.value }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
