import Calculator
import Testing

/// Expressions deeper than the parser's limit are refused with a typed error instead of overflowing the stack of
/// the thread that parses or evaluates them.
@Suite struct ExpressionDepthTests {
    static let deep = 200_000

    @Test(arguments: [
        Array(repeating: "1", count: deep).joined(separator: "+"),
        String(repeating: "(", count: deep) + "1" + String(repeating: ")", count: deep),
        String(repeating: "-", count: deep) + "1",
        Array(repeating: "2", count: deep).joined(separator: "^"),
        String(repeating: "sqrt(", count: deep) + "4" + String(repeating: ")", count: deep),
        "4" + String(repeating: "!", count: deep),
    ])
    func tooDeepIsAnInvalidArgument(expression: String) {
        let error = #expect(throws: CalculatorError.self) { try ExpressionCalculator.evaluate(expression) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.field == "expression")
        #expect(error?.message.contains("nested too deeply") == true)
    }

    @Test func fiveHundredLevelsStillEvaluate() throws {
        let chain = Array(repeating: "1", count: 500).joined(separator: "+")
        #expect(try ExpressionCalculator.evaluate(chain).value == "500")
        let parentheses = String(repeating: "(", count: 499) + "7" + String(repeating: ")", count: 499)
        #expect(try ExpressionCalculator.evaluate(parentheses).value == "7")
    }
}
