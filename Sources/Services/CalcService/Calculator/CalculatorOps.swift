import CalcAPI
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
            EvaluateOp.self,
            plan: { args in ExpressionCalculator.Prepared(args.expression, options: try args.options()) },
            when: \.isBounded,
            handler: { expression, _ in EvaluateOp.Result(try expression.evaluate()) }
        )
        registerInline(ConvertOp.self) { args, _ in
            ConvertOp.Result(
                try UnitConverter.shared.convert(
                    args.value.text,
                    from: args.from,
                    to: args.to,
                    digits: try checkedDigits(args.digits)
                )
            )
        }
        registerInline(UnitsOp.self) { args, _ in try UnitsOp.Result(category: args.category) }
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

extension EvaluateOp.Args {
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

extension EvaluateOp.Result {
    init(_ result: ExpressionCalculator.Result) {
        self.init()
        value = result.value
        exact = result.exact
        approx = result.approx
        exactForm = result.exactForm
        parsed = result.parsed
    }
}

extension UnitText {
    init(_ unit: UnitDefinition) {
        self.init()
        symbol = unit.symbol
        name = unit.name
        category = unit.category.rawValue
        definition = unit.definition
        aliases = unit.aliases
    }
}

extension ConvertOp.Result {
    init(_ result: UnitConverter.Result) {
        self.init()
        value = result.value
        exact = result.exact
        exactForm = result.exactForm
        from = UnitText(result.from)
        to = UnitText(result.to)
        category = result.category.rawValue
    }
}

extension UnitsOp.Result {
    init(category: String?) throws {
        self.init()
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
