extension ExpressionCalculator {
    /// An expression parsed once, both to judge its cost and to evaluate it: a worker asks ``isBounded`` to choose
    /// between running it in place and as a task, then calls ``evaluate()``.
    ///
    /// ```swift
    /// let prepared = ExpressionCalculator.Prepared("2^10 + 1")
    /// if prepared.isBounded { print(try prepared.evaluate().value) }   // 1025
    /// ```
    public struct Prepared: Sendable {
        private let expression: String
        private let options: Options
        /// The parse, or its error; `nil` when the expression was too long or asked too many digits to be parsed
        /// before it is known to be worth it (it is then parsed by ``evaluate()``).
        private let parse: Swift.Result<SyntaxTree, any Error>?

        /// Parses `expression` unless it is over 4,096 bytes or asks more than 100 digits.
        public init(_ expression: String, options: Options = Options()) {
            self.expression = expression
            self.options = options
            let small = (1...100).contains(options.digits) && expression.utf8.count <= 4_096
            parse = small ? Swift.Result { try Parser.parse(expression) } : nil
        }

        /// Whether evaluating is cheap whatever the content: parsed (at most 4,096 bytes and 100 digits asked for)
        /// and no value larger than about 2,500 digits along the way (see the tree's bound); an expression that
        /// does not parse is cheap too, its error found already.
        public var isBounded: Bool {
            switch parse {
            case nil: false
            case .failure: true
            case .success(let tree):
                tree.boundedBits(precision: Self.precision(digits: options.digits), ans: options.ans) != nil
            }
        }

        /// Evaluates the expression.
        /// - Throws: as ``ExpressionCalculator/evaluate(_:options:)``.
        public func evaluate() throws -> Result {
            guard (1...1000).contains(options.digits) else {
                throw CalculatorError(.invalidArgument, "digits must be from 1 to 1000", field: "digits")
            }
            let tree = try parse?.get() ?? Parser.parse(expression)
            return try ExpressionCalculator.evaluate(tree, options: options)
        }

        /// The working precision in bits for `digits` significant digits.
        static func precision(digits: Int) -> Int {
            Int((Double(digits) * 3.3219).rounded(.up)) + 40
        }
    }
}
