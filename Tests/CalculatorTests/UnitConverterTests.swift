import Calculator
import Testing

@Suite struct UnitConverterTests {
    /// Every unit converts to every other unit of its category and back to exactly the starting amount
    /// (units defined through π are checked by their exact form instead).
    @Test(arguments: UnitCategory.allCases)
    func roundTripsWithinCategory(_ category: UnitCategory) throws {
        let converter = UnitConverter.shared
        let units = converter.units(in: category)
        #expect(units.count >= 4)
        let amount = try #require(Rational(parsing: "37.25"))
        for source in units {
            for target in units {
                let there = try converter.convert(amount, from: source, to: target, digits: 20)
                guard let exactThere = Rational(parsing: there.exact ? there.value : there.exactForm ?? "") else {
                    #expect(there.exactForm?.contains("pi") == true, "\(source.symbol) -> \(target.symbol)")
                    continue
                }
                let back = try converter.convert(exactThere, from: target, to: source)
                #expect(back.value == "37.25", "\(source.symbol) -> \(target.symbol) -> \(source.symbol)")
            }
        }
    }

    @Test(arguments: [
        ("5", "mi", "km", "8.04672"),
        ("1", "kilometre", "m", "1000"),
        ("3", "kilometers", "metres", "3000"),
        ("2", "Inches", "cm", "5.08"),
        ("1", "US gal", "L", "3.785411784"),
        ("1", "UK gal", "L", "4.54609"),
        ("1", "cup", "mL", "236.5882365"),
        ("1", "legal cup", "mL", "240"),
        ("10", "L/100km", "km/L", "10"),
        ("1", "KiB", "B", "1024"),
        ("1", "kB", "B", "1000"),
        ("1", "GiB", "MiB", "1024"),
        ("1", "atm", "kPa", "101.325"),
        ("1", "mi²", "acre", "640"),
        ("1", "turn", "grad", "400"),
        ("212", "°F", "K", "373.15"),
        ("0", "°R", "°F", "-459.67"),
        ("1", "st", "lb", "14"),
        ("1", "miles per hour", "ft/s", "1.4666666666666667"),
    ])
    func knownConversions(_ value: String, _ from: String, _ to: String, _ expected: String) throws {
        let result = try UnitConverter.shared.convert(value, from: from, to: to, digits: 17)
        #expect(result.value == expected)
    }

    @Test func fuelEconomyIsInverse() throws {
        let result = try UnitConverter.shared.convert("10", from: "L/100km", to: "mpg")
        #expect(result.value == "23.5214583333333")
        let form = try #require(result.exactForm)
        let back = try UnitConverter.shared.convert(
            try #require(Rational(parsing: form)),
            from: try UnitConverter.shared.unit("mpg"),
            to: try UnitConverter.shared.unit("L/100km")
        )
        #expect(back.value == "10")
    }

    @Test func radiansUsePi() throws {
        let result = try UnitConverter.shared.convert("180", from: "deg", to: "rad")
        #expect(result.value == "3.14159265358979")
        #expect(result.exactForm == "pi")
        #expect(try UnitConverter.shared.convert("1", from: "rad", to: "°").value == "57.2957795130823")
    }

    @Test func unknownUnitListsCloseMatches() {
        #expect {
            try UnitConverter.shared.convert("1", from: "kilometr", to: "m")
        } throws: { error in
            let error = error as? CalculatorError
            return error?.code == .notFound && error?.field == "from" && error?.suggestions.contains("km") == true
        }
    }

    @Test func ambiguousSpellingIsNotFoundWithCandidates() {
        #expect {
            try UnitConverter.shared.convert("1", from: "mb", to: "B")
        } throws: { error in
            let error = error as? CalculatorError
            return error?.code == .notFound && error?.suggestions.sorted() == ["MB", "Mbit"]
        }
    }

    @Test func categoriesMustMatch() {
        #expect(throws: CalculatorError.self) { try UnitConverter.shared.convert("1", from: "kg", to: "m") }
    }

    @Test func belowAbsoluteZeroIsRejected() {
        #expect(throws: CalculatorError.self) { try UnitConverter.shared.convert("-300", from: "°C", to: "K") }
    }
}
