/// Input the engine cannot compute with: which argument (`field`, a dotted path such as `income.foreign`) and why.
public struct TaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is; every code is a bad argument on the wire (`invalid_argument`).
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// An amount or option out of range.
        public static let invalidArgument = Code(rawValue: "invalid_argument")
        /// A province or territory code that does not exist.
        public static let unknownJurisdiction = Code(rawValue: "unknown_jurisdiction")
        /// A tax year with no data file.
        public static let yearNotAvailable = Code(rawValue: "year_not_available")
        /// A topic name that does not exist.
        public static let unknownTopic = Code(rawValue: "unknown_topic")
    }

    public let code: Code
    public let message: String
    /// The argument at fault, e.g. `province`, `income.foreignTaxPaid`.
    public let field: String

    public init(_ code: Code, _ message: String, field: String) {
        self.code = code
        self.message = message
        self.field = field
    }

    public var description: String { "\(field): \(message)" }
}
