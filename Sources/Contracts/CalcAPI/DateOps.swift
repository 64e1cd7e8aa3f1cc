import Wire

/// What the date ops' schemas share.
/// How many units `dateAdd` moves by, either way.
private let dateAmount: JSONValue = ["type": "integer", "minimum": -10_000_000, "maximum": 10_000_000]

private let dateUnits: JSONValue = [
    "type": "string",
    "enum": ["seconds", "minutes", "hours", "days", "weeks", "months", "years", "businessDays"],
]

/// `dateDiff`: the span between two dates or date-times, in every unit and in calendar units.
public enum DateDiffOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "dateDiff"
    public static let effect = OpEffect.pure
    public static let summary = "The span between two dates or date-times, in every unit and calendar units"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["from", "to"],
        "properties": [
            "from": CalcOps.dateOrDateTime(), "to": CalcOps.dateOrDateTime(),
            "unit": dateUnits,
            "timeZone": ["type": "string", "description": "IANA zone for date-times without an offset"],
            "holidays": ["type": "array", "items": CalcOps.dateOrDateTime()],
        ],
    ]

    public struct Args: Codable, Sendable, Hashable {
        public var from: String
        public var to: String
        public var unit: String?
        /// IANA zone for date-times given without an offset.
        public var timeZone: String?
        public var holidays: [String]?

        public init(from: String, to: String, unit: String? = nil, timeZone: String? = nil, holidays: [String]? = nil) {
            self.from = from
            self.to = to
            self.unit = unit
            self.timeZone = timeZone
            self.holidays = holidays
        }
    }

    public struct Result: Codable, Sendable, Hashable {
        /// The span in calendar units.
        public struct CalendarText: Codable, Sendable, Hashable {
            public var years, months, days, hours, minutes, seconds: Int

            public init(years: Int, months: Int, days: Int, hours: Int, minutes: Int, seconds: Int) {
                (self.years, self.months, self.days) = (years, months, days)
                (self.hours, self.minutes, self.seconds) = (hours, minutes, seconds)
            }
        }

        public var from = ""
        public var to = ""
        public var unit: String?
        /// The span in `unit`, when one was asked for.
        public var value: String?
        public var exactForm: String?
        public var seconds = ""
        public var minutes = ""
        public var hours = ""
        public var days = ""
        public var weeks = ""
        /// Whole calendar months and years.
        public var months = 0
        public var years = 0
        public var calendar = CalendarText(years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0)
        public var businessDays = 0
        public var convention = ""

        public init() {}
    }
}

/// `dateAdd`: a date moved by an amount of units.
public enum DateAddOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "dateAdd"
    public static let effect = OpEffect.pure
    public static let summary = "A date moved by an amount of days, weeks, months, years or business days"
    public static let refusals = [
        OpRefusal(.invalidArgument, field: "amount", "neither amount nor add is given (a GET's query cannot say so)"),
        OpRefusal(.invalidArgument, field: "amount", "more than 100,000 businessDays either way"),
    ]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["date"],
        // Something to add: an amount (in unit, days by default) or a non-empty add.
        "anyOf": [
            ["required": ["amount"], "properties": ["amount": ["type": "integer"]]],
            ["required": ["add"], "properties": ["add": ["type": "object", "minProperties": 1]]],
        ],
        "properties": [
            "date": CalcOps.dateOrDateTime(),
            "amount": dateAmount,
            "unit": dateUnits,
            "add": [
                "type": "object", "additionalProperties": dateAmount,
                "propertyNames": ["enum": dateUnits["enum"] ?? []],
            ],
            "timeZone": ["type": "string"],
            "holidays": ["type": "array", "items": CalcOps.dateOrDateTime()],
        ],
    ]

    public struct Args: Codable, Sendable, Hashable {
        public var date: String
        public var amount: Int?
        public var unit: String?
        /// Several units at once, applied largest first: `{"years": 1, "months": 2}`.
        public var add: [String: Int]?
        public var timeZone: String?
        public var holidays: [String]?

        public init(date: String, amount: Int? = nil, unit: String? = nil, add: [String: Int]? = nil) {
            self.date = date
            self.amount = amount
            self.unit = unit
            self.add = add
        }
    }

    public struct Result: Codable, Sendable, Hashable {
        public var date = ""
        public var weekday = ""
        public init() {}
    }
}
