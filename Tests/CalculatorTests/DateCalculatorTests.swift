import Calculator
import Dates
import Testing

@Suite struct DateCalculatorTests {
    private func date(_ text: String) throws -> DateTime { try DateTime(parsing: text, field: "date") }

    @Test(arguments: [
        ("2024-01-31", 1, "2024-02-29"), ("2023-01-31", 1, "2023-02-28"), ("2024-03-31", -1, "2024-02-29"),
        ("2024-12-31", 2, "2025-02-28"), ("2024-05-31", -15, "2023-02-28"), ("0001-01-01", -1, "0000-12-01"),
    ])
    func monthArithmeticClamps(_ start: String, _ months: Int, _ expected: String) throws {
        #expect(DateCalculator.add(months, .months, to: try date(start)).description == expected)
    }

    @Test func civilDaysRoundTripAcrossCenturies() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let civil = CivilDate(daysSinceEpoch: days)
            #expect(civil.daysSinceEpoch == days)
            #expect(CivilDate(year: civil.year, month: civil.month, day: civil.day) == civil)
        }
    }

    @Test func leapYears() {
        #expect(CivilDate.isLeap(2000) && CivilDate.isLeap(2024))
        #expect(!CivilDate.isLeap(1900) && !CivilDate.isLeap(2023))
        #expect(CivilDate(year: 2023, month: 2, day: 29) == nil)
    }

    @Test func reversedDifferenceIsAnchoredAtFrom() throws {
        let difference = DateCalculator.difference(from: try date("2024-03-01"), to: try date("2024-01-31"))
        #expect(difference.calendar.months == -1 && difference.calendar.days == -1)
        #expect(difference.value(in: .days).value == "-30")
    }

    @Test func timeZonesCountRealElapsedTime() throws {
        let from = try date("2024-03-09T12:00:00-05:00")
        let to = try date("2024-03-10T12:00:00-04:00")
        let difference = DateCalculator.difference(from: from, to: to)
        #expect(difference.value(in: .hours).value == "23")
        let named = try DateTime(parsing: "2024-03-10T12:00", timeZone: "America/New_York", field: "to")
        #expect(named.offsetSeconds == -4 * 3600)
    }

    @Test func businessDaysSkipWeekendsAndHolidays() throws {
        let monday = try date("2024-01-01")
        let nextMonday = try date("2024-01-08")
        #expect(DateCalculator.difference(from: monday, to: nextMonday).businessDays == 5)
        let holiday = try #require(CivilDate(year: 2024, month: 1, day: 1))
        #expect(DateCalculator.difference(from: monday, to: nextMonday, holidays: [holiday]).businessDays == 4)
        #expect(DateCalculator.add(5, .businessDays, to: try date("2024-01-05")).description == "2024-01-12")
        #expect(DateCalculator.add(-1, .businessDays, to: monday).description == "2023-12-29")
    }

    @Test func addingHoursCarriesIntoTheDate() throws {
        #expect(
            DateCalculator.add(30, .hours, to: try date("2024-02-28T12:00:00+01:00")).description
                == "2024-02-29T18:00:00+01:00"
        )
        #expect(DateCalculator.add(-1, .seconds, to: try date("2024-01-01")).description == "2023-12-31T23:59:59Z")
    }

    @Test(arguments: ["2024-13-01", "2024-02-30", "24-01-01", "2024-01-01T25:00", "2024-01-01T10:00+5"])
    func malformedDatesAreRejected(_ text: String) {
        #expect(throws: CalculatorError.self) { try DateTime(parsing: text, field: "from") }
    }
}
