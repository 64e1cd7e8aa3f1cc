import BigInt

/// Walks a parsed expression at one working precision. Exact parts stay exact whatever the precision;
/// approximate parts are computed to `precision` bits and `cancelled` records how many bits subtraction lost,
/// so the caller can tell whether the result is good to the requested digits.
struct Evaluator {
    let tree: SyntaxTree
    let angle: AngleUnit
    let precision: Int
    let ans: Rational?
    /// The most leading bits lost to cancellation in any approximate sum.
    var cancelled = 0
    /// Set when a binary64 function (Γ for non-integer factorials) took part: 15 significant digits at most.
    var limitedToBinary64 = false

    /// Exact integers and fractions beyond this many bits are reported as overflow.
    static let maxExactBits = 40_000

    init(_ tree: SyntaxTree, angle: AngleUnit, precision: Int, ans: Rational?) {
        self.tree = tree
        self.angle = angle
        self.precision = precision
        self.ans = ans
    }

    /// The value of the whole tree.
    mutating func evaluate() throws -> Value { try evaluate(tree.root) }

    mutating func evaluate(_ node: Node.Index) throws -> Value {
        switch tree.nodes[node] {
        case .number(let literal, _):
            return .rational(tree.list.numbers[literal])
        case .name(let name, let position):
            return try constant(tree.list.names[name], position: position)
        case .negate(let inner, _):
            return negate(try evaluate(inner))
        case .binary(let op, let left, let right, let position):
            return try binary(op, left, right, position: position)
        case .postfix(let op, let inner, let position):
            let value = try evaluate(inner)
            switch op {
            case .percent: return try divide(value, .rational(Rational(100)), position: position)
            case .factorial: return try factorial(value, position: position)
            case .degree:
                return angle == .degrees ? value : try multiply(value, .piMultiple(Rational(1, 180)))
            }
        case .call(let name, let arguments, let position):
            return try call(tree.list.names[name], Array(tree.arguments[arguments]), position: position)
        case .inPercent(let inner):
            return try multiply(try evaluate(inner), .rational(Rational(100)))
        }
    }

    private func constant(_ name: String, position: Int) throws -> Value {
        switch name {
        case "pi": return .piMultiple(.one)
        case "tau": return .piMultiple(Rational(2))
        case "e": return .approx(BigFloat(mantissa: 1, exponent: 0).exp(precision: precision))
        case "ans":
            guard let ans else {
                throw CalculatorError(
                    .unknownIdentifier,
                    "ans has no value: no previous result was given",
                    field: "expression",
                    position: position
                )
            }
            return .rational(ans)
        default:
            throw CalculatorError(
                .unknownIdentifier,
                "unknown name '\(name)' at column \(position)",
                field: "expression",
                position: position
            )
        }
    }

    private mutating func binary(
        _ op: Node.BinaryOperator,
        _ left: Node.Index,
        _ right: Node.Index,
        position: Int
    ) throws -> Value {
        let lhs = try evaluate(left)
        let rhs = try evaluate(right)
        switch op {
        case .add, .subtract:
            let signed = op == .add ? rhs : negate(rhs)
            // x ± p% = x·(1 ± p/100), unless x is itself a percentage.
            if tree.isPercent(right) && !tree.isPercent(left) {
                return add(lhs, try multiply(lhs, signed))
            }
            return add(lhs, signed)
        case .multiply: return try multiply(lhs, rhs)
        case .divide: return try divide(lhs, rhs, position: position)
        case .floorDivide: return try floorDivide(lhs, rhs, position: position)
        case .modulo: return try modulo(lhs, rhs, position: position)
        case .power: return try power(lhs, rhs, position: position)
        }
    }

    /// The error for a value outside a function's domain.
    func domainError(_ message: String, position: Int) -> CalculatorError {
        CalculatorError(.domain, "\(message) (column \(position))", field: "expression", position: position)
    }

    func overflowError(position: Int) -> CalculatorError {
        CalculatorError(.overflow, "result too large (column \(position))", field: "expression", position: position)
    }

    /// Throws overflow when an exact result has grown beyond ``maxExactBits``.
    func checked(_ value: Rational, position: Int) throws -> Value {
        guard value.bitWidth <= Self.maxExactBits else { throw overflowError(position: position) }
        return .rational(value)
    }
}

/// How trigonometric functions read and write angles.
public enum AngleUnit: String, Sendable, Hashable, Codable {
    case radians = "rad"
    case degrees = "deg"
}
