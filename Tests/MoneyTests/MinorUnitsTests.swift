import Money
import ReckonTesting
import Testing

@Suite struct MinorUnitsTests {
    @Test(
        "parses decimal text strictly",
        arguments: [
            ("12.34", 2, false, 1234),
            ("12.5", 2, false, 1250),
            ("12", 2, false, 1200),
            ("0", 2, false, 0),
            ("0.05", 2, false, 5),
            ("7", 0, false, 7),
            ("1.234", 3, false, 1234),
            ("-0.50", 2, true, -50),
            ("9223372036854775.80", 2, false, 9_223_372_036_854_775_80),
        ] as [(String, Int, Bool, Int64)]
    )
    func parses(text: String, digits: Int, allowsNegative: Bool, expected: Int64) {
        #expect(MinorUnits.parse(text, digits: digits, allowsNegative: allowsNegative) == expected)
    }

    @Test(
        "refuses anything else",
        arguments: [
            ("-1", 2, false), ("12.345", 2, false), ("12.3", 0, false), ("+1", 2, false), (" 1", 2, false),
            ("1 ", 2, false), (".5", 2, false), ("5.", 2, false), ("01.00", 2, false), ("1e3", 2, false),
            ("", 2, false), ("-", 2, true), ("1,50", 2, false), ("١٢", 2, false), ("abc", 2, false),
            ("9223372036854775.808", 3, false), ("92233720368547758.08", 2, false), ("--1", 2, true),
        ] as [(String, Int, Bool)]
    )
    func refuses(text: String, digits: Int, allowsNegative: Bool) {
        #expect(MinorUnits.parse(text, digits: digits, allowsNegative: allowsNegative) == nil)
    }

    @Test(
        "formats minor units",
        arguments: [
            (1234, 2, "12.34"), (5, 2, "0.05"), (0, 2, "0.00"), (-50, 2, "-0.50"), (-1234, 2, "-12.34"),
            (7, 0, "7"), (1, 3, "0.001"), (Int64.min, 2, "-92233720368547758.08"),
        ] as [(Int64, Int, String)]
    )
    func formats(amount: Int64, digits: Int, expected: String) {
        #expect(MinorUnits.format(amount, digits: digits) == expected)
    }

    @Test("format and parse round-trip", arguments: [0, 1, 2, 3])
    func roundTrips(digits: Int) {
        var generator = SeededGenerator(seed: UInt64(digits) + 1)
        for _ in 0..<500 {
            let amount = Int64.random(in: -10_000_000...10_000_000, using: &generator)
            let text = MinorUnits.format(amount, digits: digits)
            #expect(MinorUnits.parse(text, digits: digits, allowsNegative: true) == amount, "\(text)")
        }
    }
}
