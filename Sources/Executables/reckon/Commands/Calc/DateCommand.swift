import ArgumentParser
import Wire

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
        var args = JSONObject()
        if let timeZone { args["timeZone"] = .string(timeZone) }
        if let add {
            args["date"] = .string(dates[0])
            args["amount"] = .number(String(add))
            args["unit"] = .string(unit ?? "days")
            let result = try await client.call(service: "calc", op: "dateAdd", args: .object(args))
            client.print(result) { "\($0["date"]?.stringValue ?? "") (\($0["weekday"]?.stringValue ?? ""))" }
            return
        }
        args["from"] = .string(dates[0])
        args["to"] = .string(dates[1])
        if let unit { args["unit"] = .string(unit) }
        let result = try await client.call(service: "calc", op: "dateDiff", args: .object(args))
        client.print(result) { result in
            let calendar = result["calendar"]
            let parts = ["years", "months", "days"].map { "\(calendar?[$0]?.cellText ?? "0") \($0)" }
            var lines: [String] = []
            if let value = result["value"]?.stringValue, let unit = result["unit"]?.stringValue {
                lines.append("\(value) \(unit)")
            }
            lines.append("Calendar: " + parts.joined(separator: ", "))
            let rows = ["days", "weeks", "hours", "minutes", "seconds", "months", "years", "businessDays"].map {
                [$0, result[$0]?.cellText ?? ""]
            }
            lines.append(TextTable(headers: ["Unit", "Total"], rows: rows).render())
            return lines.joined(separator: "\n")
        }
    }
}
