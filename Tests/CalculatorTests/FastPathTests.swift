import Calculator
import Testing

/// Machine-word fast paths (formatting, powers, the flat syntax tree) must give the general path's exact text.
@Suite struct FastPathTests {
    @Test(
        arguments: [
            (2, 3, 15, "0.666666666666667", nil),
            (999_999_999_999_999_999, 1000, 15, "1000000000000000", "999999999999999.999"),
            (-1, 3 << 59, 15, "-5.78241158658936e-19", nil),
            (1 << 61, 7, 19, "329406144173384850.3", nil),
            (5, 1 << 61, 15, "2.16840434497101e-18", "0.0000000000000000021684043449710088680149056017398834228515625"),
            (123_456_789, 390_625, 15, "316.04937984", "316.04937984"),
        ] as [(Int, Int, Int, String, String?)]
    )
    func smallRationalText(
        _ numerator: Int,
        _ denominator: Int,
        _ digits: Int,
        _ rounded: String,
        _ terminating: String?
    ) {
        let value = Rational(numerator, denominator)
        #expect(value.formatted(significantDigits: digits) == rounded)
        #expect(value.terminatingDecimal == terminating)
    }

    @Test func powersStayExactAcrossTheWordBoundary() throws {
        let expected = Rational(parsing: "12157665459056928801/6366805760909027985741435139224001")
        #expect(Rational(3, 7).power(40) == expected)
        #expect(try ExpressionCalculator.evaluate("2^61 + 2^62 - 2^-3").value == "6917529027641081855.875")
    }

    @Test func parsedTextOfNestedCalls() throws {
        let options = ExpressionCalculator.Options(showParsed: true)
        let result = try ExpressionCalculator.evaluate("root(27, 3)*log(8, sqrt 4)-2^-1", options: options)
        #expect(result.value == "8.5")
        #expect(result.parsed == "(root(27, 3) * log(8, sqrt(4))) - (2 ^ (-1))")
    }
}
