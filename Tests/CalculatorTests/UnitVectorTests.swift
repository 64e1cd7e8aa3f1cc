import Calculator
import Testing

@Suite struct UnitVectorTests {
    @Test(arguments: SharedVector.category("units/"))
    func convert(_ vector: SharedVector) throws {
        let params = try #require(vector.params)
        let value = try #require(params["value"])
        let from = try #require(params["from"])
        let to = try #require(params["to"])
        let result = try UnitConverter.shared.convert(value, from: from, to: to)
        let expected = try #require(Rational(parsing: vector.expected))
        if let exact = vector.exact {
            #expect(result.exactForm == exact)
            #expect(result.value == expected.formatted(significantDigits: 15))
        } else {
            #expect(result.exact)
            #expect(Rational(parsing: result.value) == expected)
        }
    }
}
