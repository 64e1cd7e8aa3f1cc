/// An error from the ceiling catalogue or estimator: a code, a message and, for input problems, the input at
/// fault plus one ``Detail`` per bad input.
///
/// Estimating reports every bad input at once: the error's ``code`` is ``Code/invalidInputs`` and ``details``
/// carries one entry per field, each with its own code (``Code/required``, ``Code/outOfRange``, ...).
public struct CeilingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var code: Code
    /// A sentence for a person.
    public var message: String
    /// The input or argument at fault, when there is one (an input name, `node` or `product`).
    public var field: String?
    /// One entry per bad input, for multi-field validation.
    public var details: [Detail]

    /// Creates an error.
    public init(_ code: Code, _ message: String, field: String? = nil, details: [Detail] = []) {
        self.code = code
        self.message = message
        self.field = field
        self.details = details
    }

    public var description: String {
        ([message] + details.map { "\($0.field): \($0.message)" }).joined(separator: "\n")
    }

    /// One input's problem.
    public struct Detail: Sendable, Hashable {
        /// The input's name, e.g. `drop_m`.
        public var field: String
        /// What is wrong with it.
        public var code: Code
        /// A sentence for a person.
        public var message: String

        /// Creates a detail.
        public init(field: String, code: Code, message: String) {
            self.field = field
            self.code = code
            self.message = message
        }
    }
}

extension CeilingError {
    /// An extensible error code.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String {
            case invalidCatalogue = "invalid_catalogue"
            case notFound = "not_found"
            case notALeaf = "not_a_leaf"
            case invalidInputs = "invalid_inputs"
            case required
            case wrongType = "wrong_type"
            case outOfRange = "out_of_range"
            case notInteger = "not_integer"
            case notAChoice = "not_a_choice"
            case unknownInput = "unknown_input"
            case conflictingOptions = "conflicting_options"
            case requiresOption = "requires_option"
            case inconsistentGeometry = "inconsistent_geometry"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The code as lower snake case, e.g. `out_of_range`.
        public var rawValue: String { base.rawValue }
        public var description: String { base.rawValue }

        /// The catalogue file is unreadable or breaks a rule; the message lists every problem.
        public static let invalidCatalogue = Code(.invalidCatalogue)
        /// No menu node or product has the given id.
        public static let notFound = Code(.notFound)
        /// The id names a menu, where a product (leaf) is needed.
        public static let notALeaf = Code(.notALeaf)
        /// One or more inputs are bad; see ``CeilingError/details``.
        public static let invalidInputs = Code(.invalidInputs)
        /// A required input (or one of a group) is missing.
        public static let required = Code(.required)
        /// The value has the wrong JSON type, e.g. text for a number.
        public static let wrongType = Code(.wrongType)
        /// A number lies outside the input's range.
        public static let outOfRange = Code(.outOfRange)
        /// A count is not a whole number.
        public static let notInteger = Code(.notInteger)
        /// A choice input got a value it does not offer.
        public static let notAChoice = Code(.notAChoice)
        /// The product has no input of that name.
        public static let unknownInput = Code(.unknownInput)
        /// Options that exclude each other were selected together.
        public static let conflictingOptions = Code(.conflictingOptions)
        /// An option was selected without the option it needs (T spline without C spline).
        public static let requiresOption = Code(.requiresOption)
        /// Room measurements contradict each other or no plane shape has them.
        public static let inconsistentGeometry = Code(.inconsistentGeometry)
    }
}
