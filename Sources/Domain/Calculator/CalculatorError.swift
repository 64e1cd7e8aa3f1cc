/// A typed error from any calculator operation: a bad expression, an impossible conversion, a bad date or amount.
///
/// `field` names the argument at fault (`expression`, `from`, `rates`); `position` is the 1-based column in the
/// expression for evaluation errors.
public struct CalculatorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; extensible.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's wire spelling, lower snake case.
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The expression does not parse.
        public static let syntax = Code("syntax")
        /// A name that is neither a function, a constant nor a variable.
        public static let unknownIdentifier = Code("unknown_identifier")
        /// Division or remainder by zero.
        public static let divisionByZero = Code("division_by_zero")
        /// A function applied outside its real domain (`sqrt(-1)`, `log(0)`, `asin(2)`, `(-1)!`).
        public static let domain = Code("domain")
        /// A pole (`tan(90°)`).
        public static let undefined = Code("undefined")
        /// A result too large to compute or print.
        public static let overflow = Code("overflow")
        /// A unit, currency or other named thing that is not known.
        public static let notFound = Code("not_found")
        /// An argument that is malformed or out of range.
        public static let invalidArgument = Code("invalid_argument")
    }

    /// The kind of error.
    public var code: Code
    /// A sentence for a person.
    public var message: String
    /// The argument at fault, as a dotted path.
    public var field: String?
    /// The 1-based column in the expression, for evaluation errors.
    public var position: Int?
    /// Close matches for a `not_found` name.
    public var suggestions: [String]

    /// Creates an error.
    public init(
        _ code: Code,
        _ message: String,
        field: String? = nil,
        position: Int? = nil,
        suggestions: [String] = []
    ) {
        self.code = code
        self.message = message
        self.field = field
        self.position = position
        self.suggestions = suggestions
    }

    public var description: String { "\(code): \(message)" }
}
