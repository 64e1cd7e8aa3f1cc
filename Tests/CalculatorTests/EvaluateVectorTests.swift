import Calculator
import Testing

@Suite struct EvaluateVectorTests {
    static let evaluateCategories = SharedVector.category(
        "arithmetic",
        "decimal",
        "bigint",
        "percent",
        "trig",
        "log",
        "root",
        "factorial",
        "error"
    )

    @Test(arguments: evaluateCategories.filter { !$0.isError })
    func value(_ vector: SharedVector) throws {
        let angle: AngleUnit = vector.mode?["angle"] == "deg" ? .degrees : .radians
        let result = try ExpressionCalculator.evaluate(vector.input, options: .init(angle: angle))
        let expected = try #require(Rational(parsing: vector.expected))
        let shown = try #require(Rational(parsing: result.approx ?? result.value))
        #expect(shown.formatted(significantDigits: 15) == expected.formatted(significantDigits: 15))
        if result.exact, let exactValue = Rational(parsing: result.value) {
            #expect(exactValue == expected, "an exact result must equal the vector exactly")
        }
        if let exact = vector.exact, exact != vector.expected {
            #expect(result.exactForm == exact)
        }
    }

    @Test(arguments: evaluateCategories.filter(\.isError))
    func typedError(_ vector: SharedVector) {
        let expectedCode: CalculatorError.Code =
            switch vector.expected {
            case let text where text.contains("division by zero"): .divisionByZero
            case let text where text.contains("undefined"): .undefined
            case let text where text.contains("domain"): .domain
            case let text where text.contains("syntax"): .syntax
            default: .unknownIdentifier
            }
        #expect {
            try ExpressionCalculator.evaluate(vector.input)
        } throws: { error in
            (error as? CalculatorError)?.code == expectedCode && (error as? CalculatorError)?.position != nil
        }
    }
}
