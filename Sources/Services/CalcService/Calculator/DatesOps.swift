import CalcAPI
import Calculator
import Dates
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `dateDiff` and `dateAdd`.
    mutating func registerDateOps() {
        registerInline(DateDiffOp.self) { args, _ in try DateDiffOp.Result(args) }
        registerInline(DateAddOp.self) { args, _ in try DateAddOp.Result(args) }
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

extension DateDiffOp.Result {
    init(_ args: DateDiffOp.Args) throws {
        self.init()
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

extension DateAddOp.Result {
    /// The most business days one `dateAdd` moves.
    static let maximumBusinessDays = 100_000

    init(_ args: DateAddOp.Args) throws {
        self.init()
        var value = try DateTime(parsing: args.date, timeZone: args.timeZone, field: "date")
        let holidays = try holidaySet(args.holidays)
        // A unit given is checked even when there is no amount for it, as the schema's enum says.
        let unit = try dateUnit(args.unit ?? "days", field: "unit")
        var steps: [(DateUnit, Int)] = []
        if let amount = args.amount { steps.append((unit, amount)) }
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
            guard amount.magnitude <= 10_000_000 else {  // abs(Int.min) would trap
                throw CalculatorError(.invalidArgument, "amount is out of range", field: "amount")
            }
            // Business days are counted one day at a time, on the worker's loop: 100,000 (about 380 years) take
            // milliseconds, ten million held the worker past its heartbeats.
            guard unit != .businessDays || amount.magnitude <= Self.maximumBusinessDays else {
                throw CalculatorError(
                    .invalidArgument,
                    "businessDays may move at most \(Self.maximumBusinessDays) either way",
                    field: "amount"
                )
            }
            value = DateCalculator.add(amount, unit, to: value, holidays: holidays)
        }
        date = value.description
        let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        weekday = names[value.date.isoWeekday - 1]
    }
}
