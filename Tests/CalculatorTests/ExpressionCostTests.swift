import Calculator
import Testing

/// Which expressions count as cheap enough to run in place on a worker slot.
@Suite struct ExpressionCostTests {
    static let hundredTokens =
        "-1+2*3-4/5+6^2-7*(8+9)/10+0.1*3-2.5/(1.5+0.25)+12*0.75-3^3/(4+5)+(6-7)*8"
        + "+0.2*(9-10)/11+2^5-13*0.5+(14+15)/(16-7)*0.3+17-18/19+0.05*20"

    @Test(arguments: [
        "1+1", hundredTokens, "2^100", "sqrt(8)", "sin(pi/4)", "200 + 10%", "20!", "fact(100)", "(1.05)^0.5",
        "1/0", "2 +* 3", "exp(10)",
    ])
    func smallExpressionsAreBounded(expression: String) {
        #expect(ExpressionCalculator.Prepared(expression).isBounded)
    }

    /// Conservative: an exponent or factorial operand that is not a literal counts as unbounded, cheap or not.
    @Test(arguments: [
        "3000!", "fact(5000)", "9^9^9", "(2^1000)^1000", "2^(10^5)", "2^(3*4)", "sin(10^100)", "exp(2^300)",
        "(2^5000)*(2^5000)", "(5+5)!",
    ])
    func expressionsThatCanGrowAreNot(expression: String) {
        #expect(!ExpressionCalculator.Prepared(expression).isBounded)
    }

    @Test func manyDigitsAreNotBounded() {
        #expect(!ExpressionCalculator.Prepared("sqrt(2)", options: .init(digits: 500)).isBounded)
        #expect(ExpressionCalculator.Prepared("sqrt(2)", options: .init(digits: 100)).isBounded)
    }

    @Test func aHugePreviousAnswerIsNotBounded() throws {
        let huge = try #require(Rational(parsing: String(repeating: "9", count: 3000)))
        #expect(!ExpressionCalculator.Prepared("ans + 1", options: .init(ans: huge)).isBounded)
        #expect(ExpressionCalculator.Prepared("ans + 1", options: .init(ans: Rational(7))).isBounded)
    }

    /// The prepared form judges and evaluates from one parse; what it cannot judge cheaply it still evaluates.
    @Test func preparedExpressionsEvaluateLikeTheDirectCall() throws {
        let long = Array(repeating: "1", count: 450).joined(separator: "+") + String(repeating: " ", count: 4_000)
        for expression in [Self.hundredTokens, "sqrt(8)", long, "(5+5)!"] {
            let prepared = ExpressionCalculator.Prepared(expression)
            #expect(prepared.isBounded == (expression.utf8.count <= 4_096 && expression != "(5+5)!"))
            #expect(try prepared.evaluate() == ExpressionCalculator.evaluate(expression))
        }
        let broken = ExpressionCalculator.Prepared("2 +* 3")
        #expect(broken.isBounded)
        #expect(throws: CalculatorError.self) { try broken.evaluate() }
    }
}
