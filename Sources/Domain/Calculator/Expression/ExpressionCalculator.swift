import BigInt

/// Evaluates calculator expressions exactly where the result is exact and correctly rounded otherwise.
///
/// ```swift
/// let result = try ExpressionCalculator.evaluate("0.1 + 0.2")   // value "0.3", exact
/// let root = try ExpressionCalculator.evaluate("sqrt(8)")      // value "2.82842712474619", exactForm "2*sqrt(2)"
/// ```
public enum ExpressionCalculator {
    /// How to evaluate.
    public struct Options: Sendable, Hashable {
        /// How trigonometric functions read and write angles (default radians).
        public var angle: AngleUnit
        /// Significant digits for results that are not exact decimals, 1...1000 (default 15).
        public var digits: Int
        /// The value of `ans`, the previous result in the caller's session.
        public var ans: Rational?
        /// Whether to fill ``Result/parsed`` (default false; it costs a string build).
        public var showParsed: Bool

        public init(angle: AngleUnit = .radians, digits: Int = 15, ans: Rational? = nil, showParsed: Bool = false) {
            self.angle = angle
            self.digits = digits
            self.ans = ans
            self.showParsed = showParsed
        }
    }

    /// A result.
    public struct Result: Sendable, Hashable {
        /// An exact decimal (`0.3`, `2^100` in full), an exact fraction (`1/3`), or a value correctly rounded to
        /// the requested significant digits (`1.41421356237310` is written `1.4142135623731`).
        public var value: String
        /// Whether `value` is exactly the result.
        public var exact: Bool
        /// The decimal approximation when `value` is a fraction.
        public var approx: String?
        /// The exact symbolic form (`1/3`, `2*sqrt(2)`, `pi/4`) when it differs from a decimal `value`.
        public var exactForm: String?
        /// The expression as parsed, fully parenthesised, when ``Options/showParsed`` is set.
        public var parsed: String?
    }

    /// Evaluates `expression`.
    /// - Throws: ``CalculatorError`` with code `syntax`, `unknown_identifier`, `division_by_zero`, `domain`,
    ///   `undefined` or `overflow`, with the column in `position`; `invalid_argument` for bad digits.
    public static func evaluate(_ expression: String, options: Options = Options()) throws -> Result {
        try Prepared(expression, options: options).evaluate()
    }

    /// Evaluates a parsed expression; `options.digits` has been checked.
    static func evaluate(_ tree: SyntaxTree, options: Options) throws -> Result {
        let parsed = options.showParsed ? tree.text : nil
        var bits = Prepared.precision(digits: options.digits)
        var last = ""
        for _ in 0..<6 {
            var evaluator = Evaluator(tree, angle: options.angle, precision: bits, ans: options.ans)
            let value = try evaluator.evaluate()
            if case .rational(let r) = value {
                if let decimal = r.terminatingDecimal {
                    return Result(value: decimal, exact: true, parsed: parsed)
                }
                let fraction = r.fractionText
                return Result(
                    value: fraction,
                    exact: true,
                    approx: r.formatted(significantDigits: options.digits),
                    exactForm: fraction,
                    parsed: parsed
                )
            }
            let float = value.approximation(bits)
            guard float.isZero || abs(float.magnitudeExponent) < 70_000 else {
                throw CalculatorError(.overflow, "result out of range", field: "expression")
            }
            if evaluator.limitedToBinary64 {
                let text = float.rational.formatted(significantDigits: min(options.digits, 15))
                return Result(value: text, exact: false, exactForm: value.exactText, parsed: parsed)
            }
            let errorBits = value.isExact ? bits - 8 : bits - 24 - evaluator.cancelled
            if !float.isZero && errorBits >= 20,
                let text = correctlyRounded(float, errorBits: errorBits, digits: options.digits)
            {
                return Result(value: text, exact: false, exactForm: value.exactText, parsed: parsed)
            }
            // A result that is all rounding noise after cancellation is zero to every digit we can trust.
            last = float.isZero || errorBits < 20 ? "0" : float.rational.formatted(significantDigits: options.digits)
            if float.isZero { break }
            bits = bits * 2 + evaluator.cancelled
        }
        return Result(value: last, exact: false, parsed: parsed)
    }

    /// The rounded text when every value within `|f|·2^-errorBits` of `f` rounds the same way, else `nil`.
    private static func correctlyRounded(_ float: BigFloat, errorBits: Int, digits: Int) -> String? {
        let center = float.rational
        let delta = BigFloat(mantissa: BigInt(float.mantissa.magnitude), exponent: float.exponent - errorBits).rational
        let low = (center - delta).formatted(significantDigits: digits)
        let high = (center + delta).formatted(significantDigits: digits)
        return low == high ? low : nil
    }
}
