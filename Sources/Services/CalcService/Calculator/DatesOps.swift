import Calculator
import Dates
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `dateDiff` and `dateAdd`.
    mutating func registerDateOps() {
        registerInline(
            "dateDiff",
            summary: "The span between two dates or date-times, in every unit and calendar units",
            schema: DateSchemas.diff
        ) { (args: DateDiffArgs, _: OpContext) in
            try DateDiffResult(args)
        }
        registerInline(
            "dateAdd",
            summary: "A date moved by an amount of days, weeks, months, years or business days",
            schema: DateSchemas.add
        ) { (args: DateAddArgs, _: OpContext) in
            try DateAddResult(args)
        }
    }
}

/// Parses a `unit` argument.
func dateUnit(_ text: String, field: String) throws -> DateUnit {
    guard let unit = DateUnit(spelling: text) else {
        throw CalculatorError(
            .invalidArgument,
            "\(field) must be one of "
                + DateUnit.allCases.map(\.rawValue).joined(separator: ", "),
            field: field
        )
    }
    return unit
}

func holidaySet(_ texts: [String]?) throws -> Set<CivilDate> {
    var set = Set<CivilDate>()
    for (index, text) in (texts ?? []).enumerated() {
        set.insert(try DateTime(parsing: text, field: "holidays[\(index)]").date)
    }
    return set
}

struct DateDiffArgs: Decodable, Sendable {
    var from: String
    var to: String
    var unit: String?
    /// IANA zone for date-times given without an offset.
    var timeZone: String?
    var holidays: [String]?
}

struct DateDiffResult: Encodable, Sendable {
    struct CalendarText: Encodable, Sendable {
        var years, months, days, hours, minutes, seconds: Int
    }

    var from: String
    var to: String
    var unit: String?
    /// The span in `unit`, when one was asked for.
    var value: String?
    var exactForm: String?
    var seconds: String
    var minutes: String
    var hours: String
    var days: String
    var weeks: String
    /// Whole calendar months and years.
    var months: Int
    var years: Int
    var calendar: CalendarText
    var businessDays: Int
    var convention: String

    init(_ args: DateDiffArgs) throws {
        let start = try DateTime(parsing: args.from, timeZone: args.timeZone, field: "from")
        let end = try DateTime(parsing: args.to, timeZone: args.timeZone, field: "to")
        let difference = DateCalculator.difference(from: start, to: end, holidays: try holidaySet(args.holidays))
        from = start.description
        to = end.description
        if let unitText = args.unit {
            let unit = try dateUnit(unitText, field: "unit")
            self.unit = unit.rawValue
            (value, exactForm) = difference.value(in: unit)
        }
        seconds = difference.value(in: .seconds).value
        minutes = difference.value(in: .minutes).value
        hours = difference.value(in: .hours).value
        days = difference.value(in: .days).value
        weeks = difference.value(in: .weeks).value
        months = difference.wholeMonths
        years = difference.calendar.years
        let c = difference.calendar
        calendar = CalendarText(
            years: c.years,
            months: c.months,
            days: c.days,
            hours: c.hours,
            minutes: c.minutes,
            seconds: c.seconds
        )
        businessDays = difference.businessDays
        convention =
            "Proleptic Gregorian; dates are civil days (no DST); months and years are whole calendar "
            + "units with end-of-month clamping, the rest in days"
    }
}

struct DateAddArgs: Decodable, Sendable {
    var date: String
    var amount: Int?
    var unit: String?
    /// Several units at once, applied largest first: `{"years": 1, "months": 2}`.
    var add: [String: Int]?
    var timeZone: String?
    var holidays: [String]?
}

struct DateAddResult: Encodable, Sendable {
    var date: String
    var weekday: String

    init(_ args: DateAddArgs) throws {
        var value = try DateTime(parsing: args.date, timeZone: args.timeZone, field: "date")
        let holidays = try holidaySet(args.holidays)
        var steps: [(DateUnit, Int)] = []
        if let amount = args.amount {
            steps.append((try dateUnit(args.unit ?? "days", field: "unit"), amount))
        }
        for (key, amount) in args.add ?? [:] { steps.append((try dateUnit(key, field: "add.\(key)"), amount)) }
        guard !steps.isEmpty else {
            throw CalculatorError(.invalidArgument, "give amount and unit, or add", field: "amount")
        }
        let rank: [DateUnit: Int] = [
            .years: 0, .months: 1, .weeks: 2, .days: 3, .businessDays: 4, .hours: 5,
            .minutes: 6, .seconds: 7,
        ]
        steps.sort { rank[$0.0, default: 9] < rank[$1.0, default: 9] }
        for (unit, amount) in steps {
            guard abs(amount) <= 10_000_000 else {
                throw CalculatorError(.invalidArgument, "amount is out of range", field: "amount")
            }
            value = DateCalculator.add(amount, unit, to: value, holidays: holidays)
        }
        date = value.description
        let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        weekday = names[value.date.isoWeekday - 1]
    }
}

enum DateSchemas {
    static let diff: JSONValue = [
        "type": "object", "required": ["from", "to"],
        "properties": [
            "from": ["type": "string", "description": "ISO 8601 date or date-time"],
            "to": ["type": "string", "description": "ISO 8601 date or date-time"],
            "unit": [
                "type": "string",
                "enum": [
                    "seconds", "minutes", "hours", "days", "weeks", "months", "years",
                    "businessDays",
                ],
            ],
            "timeZone": ["type": "string", "description": "IANA zone for date-times without an offset"],
            "holidays": ["type": "array", "items": ["type": "string"]],
        ],
    ]
    static let add: JSONValue = [
        "type": "object", "required": ["date"],
        "properties": [
            "date": ["type": "string"],
            "amount": ["type": "integer"],
            "unit": [
                "type": "string",
                "enum": [
                    "seconds", "minutes", "hours", "days", "weeks", "months", "years",
                    "businessDays",
                ],
            ],
            "add": ["type": "object", "additionalProperties": ["type": "integer"]],
            "timeZone": ["type": "string"],
            "holidays": ["type": "array", "items": ["type": "string"]],
        ],
    ]
}
