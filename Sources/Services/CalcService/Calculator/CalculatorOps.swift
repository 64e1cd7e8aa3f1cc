import Calculator
import Wire
import WorkerRuntime

extension OpRegistry {
    /// Registers the calculator ops of API.md's `calc` section: `evaluate`, `convert`, `units`, `dateDiff`,
    /// `dateAdd`, `compoundInterest`, `loan`, `stockRatios`, `cagr`, `currency` and `rates` (docs/calculator.md).
    ///
    /// Load the rates once at start and pass them; without them `currency` and `rates` answer
    /// `failed_precondition`.
    ///
    /// ```swift
    /// registry.registerCalculatorOps(rates: try configuration.ratesFile.map(RatesTable.load(path:)))
    /// ```
    public mutating func registerCalculatorOps(rates: RatesTable?) {
        // Small expressions run in place; factorials, large powers and huge precision run as tasks with a deadline.
        registerInline(
            "evaluate",
            summary: "Evaluates an expression: exact where possible, correctly rounded otherwise",
            schema: CalculatorSchemas.evaluate,
            plan: { (args: EvaluateArgs) in ExpressionCalculator.Prepared(args.expression, options: try args.options())
            },
            when: \.isBounded,
            handler: { (expression, _: OpContext) in EvaluateResult(try expression.evaluate()) }
        )
        registerInline(
            "convert",
            summary: "Converts a value between units of one category, with exact factors",
            schema: CalculatorSchemas.convert
        ) { (args: ConvertArgs, _: OpContext) in
            ConvertResult(
                try UnitConverter.shared.convert(
                    args.value.text,
                    from: args.from,
                    to: args.to,
                    digits: try checkedDigits(args.digits)
                )
            )
        }
        registerInline(
            "units",
            summary: "Lists the units, optionally of one category",
            schema: CalculatorSchemas.units
        ) { (args: UnitsArgs, _: OpContext) in
            try UnitsResult(category: args.category)
        }
        registerDateOps()
        registerFinanceOps(rates: rates)
    }
}

/// Checks a `digits` argument (1...1000, default 15).
func checkedDigits(_ value: Int?) throws -> Int {
    guard let value else { return 15 }
    guard (1...1000).contains(value) else {
        throw CalculatorError(.invalidArgument, "digits must be from 1 to 1000", field: "digits")
    }
    return value
}

struct EvaluateArgs: JSONReadable, Sendable {
    var expression: String
    var angle: String?
    var digits: Int?
    /// The previous result in the caller's session, for `ans`.
    var ans: NumberText?

    /// The common request (an expression, perhaps an angle unit and digits) read directly; `ans` and anything
    /// unusual go through `Decodable`.
    init?(readingJSON json: JSONValue) {
        guard let object = json.objectValue, case .string(let expression)? = object["expression"],
            object.optionalString("ans") == .some(nil), let angle = object.optionalString("angle"),
            let digits = object.optionalInt("digits")
        else { return nil }
        self.expression = expression
        self.angle = angle
        self.digits = digits
    }

    func options() throws -> ExpressionCalculator.Options {
        let unit: AngleUnit
        switch angle?.lowercased() {
        case nil, "rad", "radian", "radians": unit = .radians
        case "deg", "degree", "degrees": unit = .degrees
        default: throw CalculatorError(.invalidArgument, "angle must be rad or deg", field: "angle")
        }
        return .init(
            angle: unit,
            digits: try checkedDigits(digits),
            ans: try ans?.rational("ans"),
            showParsed: true
        )
    }
}

struct EvaluateResult: JSONWritable, Sendable {
    var value: String
    var exact: Bool
    var approx: String?
    var exactForm: String?
    var parsed: String?

    init(_ result: ExpressionCalculator.Result) {
        value = result.value
        exact = result.exact
        approx = result.approx
        exactForm = result.exactForm
        parsed = result.parsed
    }

    func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("approx", approx)
            members.member("exact", exact)
            members.member("exactForm", exactForm)
            members.member("parsed", parsed)
            members.member("value", value)
        }
    }
}

struct ConvertArgs: Decodable, Sendable {
    var value: NumberText
    var from: String
    var to: String
    var digits: Int?
}

struct UnitText: Encodable, Sendable {
    var symbol: String
    var name: String
    var category: String
    var definition: String
    var aliases: [String]

    init(_ unit: UnitDefinition) {
        symbol = unit.symbol
        name = unit.name
        category = unit.category.rawValue
        definition = unit.definition
        aliases = unit.aliases
    }
}

struct ConvertResult: Encodable, Sendable {
    var value: String
    var exact: Bool
    var exactForm: String?
    var from: UnitText
    var to: UnitText
    var category: String

    init(_ result: UnitConverter.Result) {
        value = result.value
        exact = result.exact
        exactForm = result.exactForm
        from = UnitText(result.from)
        to = UnitText(result.to)
        category = result.category.rawValue
    }
}

struct UnitsArgs: Decodable, Sendable {
    var category: String?
}

struct UnitsResult: Encodable, Sendable {
    var categories: [String]
    var units: [UnitText]

    init(category: String?) throws {
        var selected: UnitCategory?
        if let category {
            guard let known = UnitCategory(rawValue: category) else {
                throw CalculatorError(
                    .notFound,
                    "unknown category '\(category)'; known: "
                        + UnitCategory.allCases.map(\.rawValue).joined(separator: ", "),
                    field: "category"
                )
            }
            selected = known
        }
        categories = UnitCategory.allCases.map(\.rawValue)
        units = UnitConverter.shared.units(in: selected).map(UnitText.init)
    }
}
