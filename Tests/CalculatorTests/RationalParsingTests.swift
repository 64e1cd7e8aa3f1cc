import Calculator
import Testing

@Suite struct RationalParsingTests {
    /// schemathesis sent `"-020E-75718"` as a net income: building that exact value held calc for seconds, long
    /// enough for the gateway to drop the worker.
    @Test func anExponentPastTheLargestIsNotANumber() {
        #expect(Rational(parsing: "1e1000") == Rational(parsing: "1" + String(repeating: "0", count: 1000)))
        #expect(Rational(parsing: "-2.5e-1000") != nil)
        #expect(Rational(parsing: "1e1001") == nil)
        #expect(Rational(parsing: "-020E-75718") == nil)
    }
}
