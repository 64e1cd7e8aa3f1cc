import Foundation
import Testing

@testable import Tax

@Suite struct FixedDecimalTests {
    @Test(arguments: ["0", "85000", "-12.5", "0.150198", "123456789012.123456789012"])
    func parsesAndPrintsPlainDecimals(_ text: String) throws {
        #expect(try #require(FixedDecimal(text)).description == text)
    }

    @Test(arguments: ["", "-", "1.", ".5", "1e3", "1,000", "$5", "0.1234567890123", "12a"])
    func rejectsAnythingElse(_ text: String) {
        #expect(FixedDecimal(text) == nil)
    }

    @Test func multiplicationOfCentsByRatesIsExact() throws {
        // 57,375 × 0.145 = 8,319.375 exactly; 4,643.28 × 0.029863 = 139.2984 − 0.63612936 = 138.66227064.
        #expect(Fixture.money("57375") * Fixture.money("0.145") == Fixture.money("8319.375"))
        #expect(Fixture.money("4643.28") * Fixture.money("0.029863") == Fixture.money("138.66227064"))
    }

    @Test(arguments: [("2.345", "2.34"), ("2.355", "2.36"), ("-2.345", "-2.34"), ("2.3451", "2.35")])
    func roundsHalfToEven(_ value: String, _ expected: String) {
        #expect(Fixture.money(value).rounded(toPlaces: 2) == Fixture.money(expected))
    }

    @Test func divisionRoundsAtTheTwelfthDecimal() {
        // 1/3 = 0.333333333333 (12 threes), 2/3 = 0.666666666667 (half-even at the 12th).
        #expect(FixedDecimal.one / FixedDecimal(3) == Fixture.money("0.333333333333"))
        #expect(FixedDecimal(2) / FixedDecimal(3) == Fixture.money("0.666666666667"))
    }

    @Test func largeProductsUseTheWidePath() {
        // 10^12 × 10^12 overflows Int128 in units (10^48) but the result 10^24 fits.
        let trillion = FixedDecimal(1_000_000_000_000)
        #expect((trillion * trillion).description == "1" + String(repeating: "0", count: 24))
    }

    @Test func formatsMoneyAndPercentages() {
        #expect(Fixture.money("85000").moneyText == "$85,000.00")
        #expect(Fixture.money("-1234.5").moneyText == "-$1,234.50")
        #expect(Fixture.money("0.029863").percentText == "2.9863%")
        #expect(Fixture.money("0.145").percentText == "14.5%")
    }

    @Test(arguments: [
        ("0", 2, "0.00", "$0.00"), ("0.05", 2, "0.05", "$0.05"), ("999.994", 2, "999.99", "$999.99"),
        ("999.995", 2, "1000.00", "$1,000.00"), ("1000000", 0, "1000000", "$1,000,000.00"),
        ("-100000.5", 1, "-100000.5", "-$100,000.50"),
        (
            "98765432109876543210.25", 2, "98765432109876543210.25",
            "$98,765,432,109,876,543,210.25"
        ),
    ])
    func printsDigitsWithPlacesAndGroups(_ value: String, _ places: Int, _ plain: String, _ money: String) {
        #expect(Fixture.money(value).plainText(places: places) == plain)
        #expect(Fixture.money(value).moneyText == money)
    }

    @Test func powersOfTenReachTheLargestThatFits() {
        #expect(FixedDecimal.powerOfTen(0) == 1)
        #expect(FixedDecimal.powerOfTen(12) == 1_000_000_000_000)
        #expect(FixedDecimal.powerOfTen(38) == Int128(String(repeating: "9", count: 38))! + 1)
    }

    @Test func convertsToAndFromDecimalExactly() throws {
        let decimal = try #require(Decimal(string: "0.150198"))
        #expect(FixedDecimal(exactly: decimal)?.decimalValue == decimal)
    }
}
