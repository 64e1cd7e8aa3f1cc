import Ledger
import Testing

@Suite struct RecurrenceTests {
    @Test("weekly from the start, through today")
    func weekly() throws {
        let rule = RecurrenceRule(frequency: .weekly, start: "2024-01-01")
        #expect(
            try rule.occurrences(after: nil, through: "2024-01-29")
                == ["2024-01-01", "2024-01-08", "2024-01-15", "2024-01-22", "2024-01-29"]
        )
        #expect(try rule.occurrences(after: nil, through: "2023-12-31").isEmpty)
    }

    @Test("every two weeks across a year end, resuming after the last recorded date")
    func fortnightly() throws {
        let rule = RecurrenceRule(frequency: .weekly, interval: 2, start: "2024-12-16")
        #expect(
            try rule.occurrences(after: "2024-12-16", through: "2025-01-27") == [
                "2024-12-30", "2025-01-13", "2025-01-27",
            ]
        )
        #expect(try rule.occurrences(after: "2025-01-01", through: "2025-01-27") == ["2025-01-13", "2025-01-27"])
        #expect(try rule.occurrences(after: "2025-01-27", through: "2025-01-27").isEmpty)
        #expect(try rule.occurrences(after: "2020-01-01", through: "2024-12-31") == ["2024-12-16", "2024-12-30"])
    }

    @Test("monthly from the 31st clamps to each month's end without drifting")
    func monthEnd() throws {
        let rule = RecurrenceRule(frequency: .monthly, start: "2024-01-31")
        #expect(
            try rule.occurrences(after: nil, through: "2024-06-30")
                == ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2024-06-30"]
        )
        let nonLeap = RecurrenceRule(frequency: .monthly, start: "2023-01-31")
        #expect(try nonLeap.occurrences(after: "2023-01-31", through: "2023-03-31") == ["2023-02-28", "2023-03-31"])
        let twentyNinth = RecurrenceRule(frequency: .monthly, start: "2023-01-29")
        #expect(
            try twentyNinth.occurrences(after: nil, through: "2023-03-31") == [
                "2023-01-29", "2023-02-28", "2023-03-29",
            ]
        )
    }

    @Test("leap years follow the Gregorian rule: 2000 is one, 1900 and 2100 are not")
    func centuries() throws {
        let yearly = { (start: String) in RecurrenceRule(frequency: .monthly, interval: 12, start: start) }
        #expect(
            try yearly("1896-02-29").occurrences(after: nil, through: "1904-12-31") == [
                "1896-02-29", "1897-02-28", "1898-02-28", "1899-02-28", "1900-02-28", "1901-02-28", "1902-02-28",
                "1903-02-28", "1904-02-29",
            ]
        )
        #expect(
            try yearly("2000-02-29").occurrences(after: "2000-02-29", through: "2004-03-01") == [
                "2001-02-28", "2002-02-28", "2003-02-28", "2004-02-29",
            ]
        )
        #expect(try yearly("2096-02-29").occurrences(after: "2099-12-31", through: "2101-01-01") == ["2100-02-28"])
    }

    @Test("quarterly, resuming mid-way")
    func quarterly() throws {
        let rule = RecurrenceRule(frequency: .monthly, interval: 3, start: "2024-01-15")
        #expect(
            try rule.occurrences(after: "2024-04-14", through: "2024-12-31") == [
                "2024-04-15", "2024-07-15", "2024-10-15",
            ]
        )
        #expect(try rule.occurrences(after: "2024-04-15", through: "2024-10-14") == ["2024-07-15"])
    }

    @Test("nothing after the end date")
    func end() throws {
        let rule = RecurrenceRule(frequency: .weekly, start: "2024-01-01", end: "2024-01-20")
        #expect(try rule.occurrences(after: nil, through: "2024-12-31") == ["2024-01-01", "2024-01-08", "2024-01-15"])
        let sameDay = RecurrenceRule(frequency: .monthly, start: "2024-01-31", end: "2024-01-31")
        #expect(try sameDay.occurrences(after: nil, through: "2024-12-31") == ["2024-01-31"])
    }

    @Test("at most 366 dates per call; the next call carries on")
    func cap() throws {
        let rule = RecurrenceRule(frequency: .weekly, start: "2000-01-03")
        let first = try rule.occurrences(after: nil, through: "2024-12-31")
        #expect(first.count == RecurrenceRule.maximumOccurrencesPerCall)
        let second = try rule.occurrences(after: first.last, through: "2024-12-31")
        #expect(first.last == "2007-01-01")
        #expect(second.first == "2007-01-08")
        #expect(second.count == 366)
    }

    @Test(
        "refuses bad dates and rules, naming the field",
        arguments: [
            (RecurrenceRule(frequency: .weekly, start: "2024-02-30"), nil, "2024-03-01", "invalid_date", "start"),
            (RecurrenceRule(frequency: .weekly, start: "2023-02-29"), nil, "2024-03-01", "invalid_date", "start"),
            (RecurrenceRule(frequency: .weekly, start: "2024-2-01"), nil, "2024-03-01", "invalid_date", "start"),
            (RecurrenceRule(frequency: .weekly, start: "2024-13-01"), nil, "2024-03-01", "invalid_date", "start"),
            (RecurrenceRule(frequency: .weekly, start: "0000-01-01"), nil, "2024-03-01", "invalid_date", "start"),
            (RecurrenceRule(frequency: .weekly, start: "2024-01-01T00"), nil, "2024-03-01", "invalid_date", "start"),
            (RecurrenceRule(frequency: .weekly, start: "２０２４-01-01"), nil, "2024-03-01", "invalid_date", "start"),
            (
                RecurrenceRule(frequency: .weekly, start: "2024-01-01", end: "2024/02/01"), nil, "2024-03-01",
                "invalid_date", "end"
            ),
            (
                RecurrenceRule(frequency: .weekly, start: "2024-01-01"), "yesterday", "2024-03-01", "invalid_date",
                "after"
            ),
            (RecurrenceRule(frequency: .weekly, start: "2024-01-01"), nil, "2024-04-31", "invalid_date", "today"),
            (
                RecurrenceRule(frequency: .weekly, interval: 0, start: "2024-01-01"), nil, "2024-03-01", "invalid_rule",
                "interval"
            ),
            (
                RecurrenceRule(frequency: .monthly, interval: 1001, start: "2024-01-01"), nil, "2024-03-01",
                "invalid_rule", "interval"
            ),
            (
                RecurrenceRule(frequency: .monthly, start: "2024-01-02", end: "2024-01-01"), nil, "2024-03-01",
                "invalid_rule", "end"
            ),
        ] as [(RecurrenceRule, String?, String, String, String)]
    )
    func refuses(rule: RecurrenceRule, after: String?, today: String, code: String, field: String) {
        let error = Fixtures.error { () throws(LedgerError) in try rule.occurrences(after: after, through: today) }
        #expect(error?.code.rawValue == code)
        #expect(error?.field == field)
    }

    @Test("dates stop at the end of year 9999")
    func lastYear() throws {
        let rule = RecurrenceRule(frequency: .monthly, interval: RecurrenceRule.maximumInterval, start: "9000-01-31")
        let dates = try rule.occurrences(after: nil, through: "9999-12-31")
        #expect(dates.count == 12)
        #expect(dates.suffix(2) == ["9833-05-31", "9916-09-30"])
        let weekly = RecurrenceRule(frequency: .weekly, start: "9999-12-25")
        #expect(try weekly.occurrences(after: nil, through: "9999-12-31") == ["9999-12-25"])
    }
}
