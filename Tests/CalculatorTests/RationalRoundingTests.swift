import Calculator
import Testing

/// `Rational.rounded(places:)`: half away from zero, the same in word arithmetic and through `BigInt`.
@Suite struct RationalRoundingTests {
    @Test(arguments: [
        ("2.345", 2, "2.35"), ("-2.345", 2, "-2.35"), ("2.5", 0, "3"), ("-2.5", 0, "-3"), ("2.4999", 0, "2"),
        ("1/3", 6, "0.333333"), ("2/3", 6, "0.666667"), ("-2/3", 6, "-0.666667"), ("1234.5", -2, "1200"),
        ("123456789012345678901234567.5", 0, "123456789012345678901234568"), ("0.0000005", 6, "0.000001"),
        ("9223372036.8547758075", 9, "9223372036.854775808"),
    ])
    func roundsHalfAwayFromZero(value: String, places: Int, expected: String) throws {
        let rational = try #require(Rational(parsing: value))
        #expect(rational.rounded(places: places).decimalText == expected)
    }
}
