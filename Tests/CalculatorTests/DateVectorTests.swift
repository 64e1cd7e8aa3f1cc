import Calculator
import Testing

@Suite struct DateVectorTests {
    /// The number before each unit word in text such as `1 month 1 day (whole months: 1)`.
    private static func amounts(in text: String) -> [String: Int] {
        let head = text.split(separator: "(").first.map(String.init) ?? text
        let words = head.split(separator: " ")
        var amounts: [String: Int] = [:]
        for (index, word) in words.enumerated() where index + 1 < words.count {
            if let number = Int(word) {
                let unit = words[index + 1].hasSuffix("s") ? words[index + 1].dropLast() : words[index + 1]
                amounts[String(unit)] = number
            }
        }
        return amounts
    }

    @Test(arguments: SharedVector.category("date").filter { $0.params?["from"] != nil })
    func difference(_ vector: SharedVector) throws {
        let params = try #require(vector.params)
        let fromText = try #require(params["from"])
        let toText = try #require(params["to"])
        let unitText = try #require(params["unit"])
        let from = try DateTime(parsing: fromText, field: "from")
        let to = try DateTime(parsing: toText, field: "to")
        let unit = try #require(DateUnit(spelling: unitText))
        let difference = DateCalculator.difference(from: from, to: to)
        switch unit {
        case .months, .years:
            let expected = Self.amounts(in: vector.expected)
            #expect(!expected.isEmpty)
            if let years = expected["year"] { #expect(difference.calendar.years == years) }
            if let whole = expected["whole"] { #expect(difference.value(in: unit).value == String(whole)) }
            if let months = expected["month"] { #expect(difference.wholeMonths == months) }
            if let days = expected["day"] { #expect(difference.calendar.days == days) }
        default:
            let (value, exactForm) = difference.value(in: unit)
            let expected = try #require(Rational(parsing: vector.expected))
            #expect(value == expected.formatted(significantDigits: 15))
            #expect(exactForm == vector.exact)
        }
    }

    @Test(arguments: SharedVector.category("date").filter { $0.params?.add != nil })
    func add(_ vector: SharedVector) throws {
        let params = try #require(vector.params)
        let start = try #require(params["date"])
        let additions = try #require(params.add)
        var date = try DateTime(parsing: start, field: "date")
        for (spelling, amount) in additions {
            let unit = try #require(DateUnit(spelling: spelling))
            date = DateCalculator.add(amount, unit, to: date)
        }
        #expect(date.description == vector.expected)
    }
}
