import Calculator
import Testing

/// `//`, floor division: the integer quotient rounded toward minus infinity, exact on rationals, at the precedence
/// of `*`, `/` and `%`, and consistent with `mod` (`a = b·(a // b) + (a mod b)`).
@Suite struct FloorDivisionTests {
    @Test(
        arguments: [
            ("7 // 2", "3"), ("-7 // 2", "-4"), ("7 // -2", "-4"), ("7.5 // 2", "3"), ("(1/3) // (1/9)", "3"),
            ("2 + 7 // 2 * 3", "11"), ("(2 + 7) // 2", "4"), ("2^100 // 3", "422550200076076467165567735125"),
            ("pi // 1", "3"), ("7 // 2 + 7 mod 2", "4"),
        ]
    )
    func quotientsAreFloored(_ expression: String, _ expected: String) throws {
        #expect(try ExpressionCalculator.evaluate(expression).value == expected)
    }

    @Test func itIsTheQuotientThatModLeavesTheRemainderOf() throws {
        for (a, b) in [(17, 5), (-17, 5), (17, -5), (-17, -5)] {
            let quotient = try ExpressionCalculator.evaluate("\(a) // \(b)").value
            let remainder = try ExpressionCalculator.evaluate("\(a) mod \(b)").value
            #expect(try ExpressionCalculator.evaluate("\(b) * (\(quotient)) + (\(remainder))").value == String(a))
        }
    }

    @Test func byZeroIsTheSameErrorAsDivision() {
        #expect(throws: CalculatorError.self) { try ExpressionCalculator.evaluate("1 // 0") }
        #expect(throws: CalculatorError.self) { try ExpressionCalculator.evaluate("1 //") }
    }

    @Test func anAverageMonthIsAFortyEighthOfFourYears() throws {
        #expect(try UnitConverter.shared.convert("1", from: "average_month", to: "d").value == "30.4375")
        #expect(try UnitConverter.shared.convert("1", from: "average_year", to: "d").value == "365.25")
        #expect(try UnitConverter.shared.convert("30", from: "d", to: "average month").value == "0.985626283367556")
    }
}
