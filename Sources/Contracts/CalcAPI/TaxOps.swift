import Wire

/// What the tax ops' schemas share.
enum TaxSchemas {
    /// Money: a decimal string such as "85000.00", or a number.
    static let money: JSONValue = [
        "type": ["string", "number"], "pattern": "^[0-9]+(\\.[0-9]{1,2})?$", "minimum": 0,
        "description": "a decimal string, or a number written without an exponent and with at most 2 decimals",
    ]
    /// What money as a JSON number may still be refused for: its text, which no schema can state.
    static func moneyRefusals(_ fields: [String]) -> [OpRefusal] {
        fields.map {
            OpRefusal(.invalidArgument, field: $0, "money as a number written with an exponent or over 2 decimals")
        }
    }
    /// The provinces and territories, as the tax tables' `Jurisdiction` names them (CalcServiceTests keeps the two
    /// alike).
    static let provinceCodes = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]
    /// A province's two-letter code, in either case, as the tax engine reads it.
    static let province: JSONValue = [
        "type": "string", "description": .string("two-letter code: " + provinceCodes.joined(separator: " ")),
        "pattern": .string("^(" + provinceCodes.map(caseless).joined(separator: "|") + ")$"),
    ]
    /// `text` matched in either case, as a regular expression (`[Aa][Bb]`).
    private static func caseless(_ text: String) -> String {
        text.map { "[\($0.uppercased())\($0.lowercased())]" }.joined()
    }
    static let incomeFields = [
        "employment", "selfEmployment", "interest", "eligibleDividends", "nonEligibleDividends", "foreign",
        "foreignTaxPaid", "capitalGains", "oas", "pension", "other",
    ]
    static let situation: [(String, JSONValue)] = [
        ("year", ["type": "integer", "description": "tax year; defaults to the latest with data"]),
        ("province", province),
        ("age", ["type": "integer", "minimum": 0, "maximum": 130]),
        ("income", group(incomeFields)),
        ("deductions", group(["rrsp", "rrspRoom", "other"])),
    ]

    private static func group(_ fields: [String]) -> JSONValue {
        [
            "type": "object", "properties": .object(JSONObject(fields.map { ($0, money) })),
            "description": "unknown keys are ignored and count as nothing",
        ]
    }
}

/// A taxpayer's situation (`tax.estimate`'s arguments, and part of `tax.topic`'s): money is a decimal string
/// (`"85000.00"`) or a JSON number, missing amounts are zero, and `province` may come from the caller's profile.
public struct TaxSituation: Codable, Sendable, Hashable {
    /// Income by kind.
    public struct Income: Codable, Sendable, Hashable {
        public var employment, selfEmployment, interest, eligibleDividends, nonEligibleDividends: NumberText?
        public var foreign, foreignTaxPaid, capitalGains, oas, pension, other: NumberText?

        public init(employment: NumberText? = nil) { self.employment = employment }
    }

    /// Deductions by kind.
    public struct Deductions: Codable, Sendable, Hashable {
        public var rrsp, rrspRoom, other: NumberText?

        public init(rrsp: NumberText? = nil, rrspRoom: NumberText? = nil) {
            self.rrsp = rrsp
            self.rrspRoom = rrspRoom
        }
    }

    public var year: Int?
    public var province: String?
    public var income: Income?
    public var deductions: Deductions?
    public var age: Int?

    public init(
        year: Int? = nil,
        province: String? = nil,
        income: Income? = nil,
        deductions: Deductions? = nil,
        age: Int? = nil
    ) {
        self.year = year
        self.province = province
        self.income = income
        self.deductions = deductions
        self.age = age
    }
}

/// One `breakdown` row: what was computed, how, and the amount.
public struct TaxRow: Codable, Sendable, Hashable, JSONWritable {
    public var label: String
    public var detail: String
    public var amount: String

    public init(label: String, detail: String, amount: String) {
        self.label = label
        self.detail = detail
        self.amount = amount
    }

    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("amount", amount)
            members.member("detail", detail)
            members.member("label", label)
        }
    }
}

/// One `chart` slice.
public struct TaxChartSlice: Codable, Sendable, Hashable, JSONWritable {
    public var label: String
    public var value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }

    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("label", label)
            members.member("value", value)
        }
    }
}

/// `tax.estimate`: Canadian income tax for a year and province, step by step (docs/tax.md).
public enum TaxEstimateOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "tax.estimate"
    public static let effect = OpEffect.pure
    public static let summary = "Canadian income tax for a year and province, step by step"
    public static let refusals =
        [
            OpRefusal(.invalidArgument, field: "year", "a year without tax data (tax.jurisdictions lists the years)")
        ] + TaxSchemas.moneyRefusals(["income", "deductions"])
    public static let argsSchema: JSONValue = .object(
        JSONObject([
            ("type", "object"), ("required", ["province"]), ("properties", .object(JSONObject(TaxSchemas.situation))),
        ])
    )
    public typealias Args = TaxSituation

    /// The estimate (API.md), plus payroll, RRSP and the applied reductions; money with two decimals, rates as
    /// decimal fractions. It writes its own JSON: with some 40 breakdown rows, `Codable` took most of the op's time.
    public struct Result: Codable, Sendable, Hashable, JSONWritable {
        public var year = 0
        public var province = ""
        public var provinceName = ""
        public var federal = ""
        public var provincial = ""
        public var oasRecovery = ""
        public var total = ""
        public var totalIncome = ""
        public var netIncome = ""
        public var taxableIncome = ""
        public var averageRate = ""
        public var marginalRate = ""
        public var pensionContributions = ""
        public var insurancePremiums = ""
        public var rrspDeduction = ""
        public var rrspRoom = ""
        public var breakdown: [TaxRow] = []
        public var chart: [TaxChartSlice] = []
        public var reductionsApplied: [String] = []
        public var warnings: [String] = []

        public init() {}

        public func writeJSON(to writer: inout JSONWriter) {
            writer.object { members in
                members.member("averageRate", averageRate)
                members.member("breakdown", breakdown)
                members.member("chart", chart)
                members.member("federal", federal)
                members.member("insurancePremiums", insurancePremiums)
                members.member("marginalRate", marginalRate)
                members.member("netIncome", netIncome)
                members.member("oasRecovery", oasRecovery)
                members.member("pensionContributions", pensionContributions)
                members.member("province", province)
                members.member("provinceName", provinceName)
                members.member("provincial", provincial)
                members.member("reductionsApplied", reductionsApplied)
                members.member("rrspDeduction", rrspDeduction)
                members.member("rrspRoom", rrspRoom)
                members.member("taxableIncome", taxableIncome)
                members.member("total", total)
                members.member("totalIncome", totalIncome)
                members.member("warnings", warnings)
                members.member("year", year)
            }
        }
    }
}

/// A topic's texts, in `tax.topics` and `tax.topic` replies.
public struct TaxTopicText: Codable, Sendable, Hashable {
    public var id: String
    public var title: String
    public var definition: String
    public var instruction: String
    public var tip: String
    /// What the topic's `amount` means, for topics that take one.
    public var amount: String?

    public init(id: String, title: String, definition: String, instruction: String, tip: String, amount: String?) {
        self.id = id
        self.title = title
        self.definition = definition
        self.instruction = instruction
        self.tip = tip
        self.amount = amount
    }
}

/// `tax.topic`: what an RRSP contribution, extra income or a deduction changes.
public enum TaxTopicOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "tax.topic"
    public static let effect = OpEffect.pure
    public static let summary = "What an RRSP contribution, extra income or a deduction changes"
    public static let refusals =
        [
            OpRefusal(.invalidArgument, field: "year", "a year without tax data (tax.jurisdictions lists the years)")
        ] + TaxSchemas.moneyRefusals(["income", "deductions", "amount", "contribution", "foreignTaxPaid"])
    /// The topics `topic` may name, in the catalogue's order (a test checks them against the catalogue).
    public static let topics = [
        "rrsp", "interest", "dividend", "foreign", "oas", "employment", "credits", "deductions",
    ]
    public static let argsSchema: JSONValue = .object(
        JSONObject([
            ("type", "object"), ("required", ["topic", "province"]),
            (
                "properties",
                .object(
                    JSONObject(
                        TaxSchemas.situation + [
                            ("topic", ["type": "string", "enum": .array(topics.map(JSONValue.string))]),
                            ("amount", TaxSchemas.money), ("contribution", TaxSchemas.money),
                            ("foreignTaxPaid", TaxSchemas.money),
                            ("dividendKind", ["type": "string", "enum": ["eligible", "nonEligible"]]),
                        ]
                    )
                )
            ),
        ])
    )

    /// The situation (as `tax.estimate`) plus `topic`, `amount` (or `contribution`, the RRSP topic's name for it),
    /// `foreignTaxPaid` and `dividendKind` (`eligible` or `nonEligible`), all in one object.
    public struct Args: Codable, Sendable, Hashable {
        public var topic: String
        public var amount: NumberText?
        public var contribution: NumberText?
        public var foreignTaxPaid: NumberText?
        public var dividendKind: String?
        public var situation: TaxSituation

        public init(topic: String, amount: NumberText? = nil, situation: TaxSituation) {
            self.topic = topic
            self.amount = amount
            self.situation = situation
        }

        private enum CodingKeys: String, CodingKey { case topic, amount, contribution, foreignTaxPaid, dividendKind }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            topic = try container.decode(String.self, forKey: .topic)
            amount = try container.decodeIfPresent(NumberText.self, forKey: .amount)
            contribution = try container.decodeIfPresent(NumberText.self, forKey: .contribution)
            foreignTaxPaid = try container.decodeIfPresent(NumberText.self, forKey: .foreignTaxPaid)
            dividendKind = try container.decodeIfPresent(String.self, forKey: .dividendKind)
            situation = try TaxSituation(from: decoder)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(topic, forKey: .topic)
            try container.encodeIfPresent(amount, forKey: .amount)
            try container.encodeIfPresent(contribution, forKey: .contribution)
            try container.encodeIfPresent(foreignTaxPaid, forKey: .foreignTaxPaid)
            try container.encodeIfPresent(dividendKind, forKey: .dividendKind)
            try situation.encode(to: encoder)
        }
    }

    /// The texts, the answer, and the estimates before and after the change.
    public struct Result: Codable, Sendable, Hashable {
        public var topic: TaxTopicText
        public var summary: String
        public var taxChange: String
        public var breakdown: [TaxRow]
        public var before: TaxEstimateOp.Result
        public var after: TaxEstimateOp.Result

        public init(
            topic: TaxTopicText,
            summary: String,
            taxChange: String,
            breakdown: [TaxRow],
            before: TaxEstimateOp.Result,
            after: TaxEstimateOp.Result
        ) {
            self.topic = topic
            self.summary = summary
            self.taxChange = taxChange
            self.breakdown = breakdown
            self.before = before
            self.after = after
        }
    }
}

/// `tax.topics`: the topics with their texts; `query` searches them.
public enum TaxTopicsOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "tax.topics"
    public static let effect = OpEffect.pure
    public static let summary = "Tax topics with definition, instruction and tip; query searches them"
    public static let argsSchema: JSONValue = ["type": "object", "properties": ["query": ["type": "string"]]]

    public struct Args: Codable, Sendable, Hashable {
        public var query: String?
        public init(query: String? = nil) { self.query = query }
    }

    public struct Result: Codable, Sendable, Hashable {
        public var topics: [TaxTopicText]
        public init(topics: [TaxTopicText]) { self.topics = topics }
    }
}

/// `tax.jurisdictions`: the provinces, territories and years with data.
public enum TaxJurisdictionsOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "tax.jurisdictions"
    public static let effect = OpEffect.pure
    public static let summary = "Provinces, territories and tax years with data"
    public static let argsSchema = NoArgs.jsonSchema
    public typealias Args = NoArgs

    public struct Result: Codable, Sendable, Hashable {
        /// A province or territory.
        public struct Entry: Codable, Sendable, Hashable {
            public var code: String
            public var name: String
            public var territory: Bool

            public init(code: String, name: String, territory: Bool) {
                self.code = code
                self.name = name
                self.territory = territory
            }
        }

        public var years: [Int]
        public var defaultYear: Int
        public var jurisdictions: [Entry]

        public init(years: [Int], defaultYear: Int, jurisdictions: [Entry]) {
            self.years = years
            self.defaultYear = defaultYear
            self.jurisdictions = jurisdictions
        }
    }
}
