import ArgumentParser
import CalcAPI

/// `reckon date 2024-01-31 2024-03-01 --unit days`, or `reckon date 2024-01-31 --add 1 --unit months`.
struct DateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "date",
        abstract: "Days, weeks, months and years between two dates, or a date plus an amount.",
        discussion: "Examples: reckon date 2024-01-31 2024-03-01 --unit days; "
            + "reckon date 2024-01-31 --add 1 --unit months"
    )

    @Argument(help: "FROM [TO]: ISO dates or date-times (2024-01-31, 2024-01-31T09:00-05:00).")
    var dates: [String]

    @Option(help: "seconds, minutes, hours, days, weeks, months, years or businessDays.")
    var unit: String?

    @Option(help: "Add this many units to FROM instead of measuring to TO.")
    var add: Int?

    @Option(help: "IANA time zone for date-times without an offset.")
    var timeZone: String?

    @OptionGroup var client: ClientOptions

    func validate() throws {
        guard (add == nil && dates.count == 2) || (add != nil && dates.count == 1) else {
            throw ValidationError("give FROM TO, or FROM --add N --unit UNIT")
        }
    }

    func run() async throws {
        if let add {
            var args = DateAddOp.Args(date: dates[0], amount: add, unit: unit ?? "days")
            args.timeZone = timeZone
            let result = try await client.call(DateAddOp.self, args)
            try client.print(typed: result) { "\($0.date) (\($0.weekday))" }
            return
        }
        let args = DateDiffOp.Args(from: dates[0], to: dates[1], unit: unit, timeZone: timeZone)
        let result = try await client.call(DateDiffOp.self, args)
        try client.print(typed: result) { result in
            let calendar = result.calendar
            let parts = [("years", calendar.years), ("months", calendar.months), ("days", calendar.days)].map {
                "\($0.1) \($0.0)"
            }
            var lines: [String] = []
            if let value = result.value, let unit = result.unit { lines.append("\(value) \(unit)") }
            lines.append("Calendar: " + parts.joined(separator: ", "))
            let rows = [
                ("days", result.days), ("weeks", result.weeks), ("hours", result.hours),
                ("minutes", result.minutes), ("seconds", result.seconds), ("months", String(result.months)),
                ("years", String(result.years)), ("businessDays", String(result.businessDays)),
            ].map { [$0.0, $0.1] }
            lines.append(TextTable(headers: ["Unit", "Total"], rows: rows).render())
            return lines.joined(separator: "\n")
        }
    }
}
