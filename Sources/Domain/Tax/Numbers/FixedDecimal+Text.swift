import Foundation

extension FixedDecimal: LosslessStringConvertible, Codable {
    /// Parses a plain decimal such as `85000`, `-12.5` or `0.150198` (at most 12 fractional digits and 24 integer
    /// digits; no exponent, grouping or currency sign). Returns `nil` for anything else.
    public init?(_ text: String) {
        var utf8 = Substring(text).utf8[...]
        var negative = false
        if let first = utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            utf8 = utf8.dropFirst()
        }
        var units: Int128 = 0
        var integerDigits = 0
        var fractionDigits = -1
        for byte in utf8 {
            if byte == UInt8(ascii: ".") {
                guard fractionDigits < 0, integerDigits > 0 else { return nil }
                fractionDigits = 0
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            units = units * 10 + Int128(byte - UInt8(ascii: "0"))
            if fractionDigits >= 0 { fractionDigits += 1 } else { integerDigits += 1 }
            guard integerDigits <= 24, fractionDigits <= Self.scale else { return nil }
        }
        guard integerDigits > 0, fractionDigits != 0 else { return nil }
        units *= Self.powerOfTen(Self.scale - max(fractionDigits, 0))
        self.init(units: negative ? -units : units)
    }

    /// Converts a `Decimal` exactly; `nil` when it has more than 12 fractional digits or is too large.
    public init?(exactly decimal: Decimal) {
        guard decimal.isFinite else { return nil }
        self.init(decimal.description)
    }

    /// The value as a `Foundation.Decimal` (exact).
    public var decimalValue: Decimal {
        Decimal(string: description)!
    }

    /// The shortest plain text: `12.3`, `-4`, `0.150198`.
    public var description: String {
        plainText(places: fractionalDigits)
    }

    /// Plain text with exactly `places` decimals, rounding half-to-even: `plainText(places: 2)` gives `"17425.00"`.
    public func plainText(places: Int) -> String {
        digits(places: places, grouped: false)
    }

    /// Dollars for people: `$85,000.00`, `-$1,234.50`.
    public var moneyText: String {
        let text = digits(places: 2, grouped: true)
        return units < 0 ? "-$" + text.dropFirst() : "$" + text
    }

    /// A rate as a percentage with the decimals it needs: `0.145` gives `14.5%`, `0.029863` gives `2.9863%`.
    public var percentText: String {
        let percent = self * FixedDecimal(100)
        return percent.plainText(places: min(percent.fractionalDigits, 4)) + "%"
    }

    private func digits(places: Int, grouped: Bool) -> String {
        let rounded = rounded(toPlaces: places).units
        let magnitude = rounded.magnitude / UInt128(Self.powerOfTen(Self.scale - places))
        // 64-bit division when the digits fit (128-bit division is a slow library call).
        if let small = UInt64(exactly: magnitude) {
            return Self.text(small, places: places, negative: rounded < 0, grouped: grouped)
        }
        return Self.text(magnitude, places: places, negative: rounded < 0, grouped: grouped)
    }

    /// `magnitude` (a count of 10⁻ᵖˡᵃᶜᵉˢ) as text with `places` decimals, written into a stack buffer.
    private static func text<Integer: BinaryInteger>(
        _ magnitude: Integer,
        places: Int,
        negative: Bool,
        grouped: Bool
    ) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            var start = buffer.count
            func prepend(_ byte: UInt8) {
                start -= 1
                buffer[start] = byte
            }
            var rest = magnitude
            for _ in 0..<places {
                prepend(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            }
            if places > 0 { prepend(UInt8(ascii: ".")) }
            var written = 0
            repeat {
                if grouped, written > 0, written % 3 == 0 { prepend(UInt8(ascii: ",")) }
                prepend(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
                written += 1
            } while rest > 0
            if negative { prepend(UInt8(ascii: "-")) }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }

    /// Decodes a JSON string (`"85000.00"`) or number (`85000`) exactly.
    /// - Throws: `DecodingError.dataCorrupted` for text that is no plain decimal or has more than 12 decimals.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let value = FixedDecimal(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "\"\(text)\" is not a plain decimal number"
                )
            }
            self = value
            return
        }
        let decimal = try container.decode(Decimal.self)
        guard let value = FixedDecimal(exactly: decimal) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "\(decimal) has more than 12 decimals or is too large"
            )
        }
        self = value
    }

    /// Encodes as a JSON string, keeping every digit.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
