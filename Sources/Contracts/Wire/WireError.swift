/// A typed error as it travels in a reply: `{"code", "message", "field"?, "details"?}` (API.md).
public struct WireError: Error, Codable, Sendable, Hashable {
    /// The error's code, one of API.md's lower-snake-case names.
    public var code: Code
    /// A sentence for a person.
    public var message: String
    /// The argument at fault, as a dotted path (`income.foreign`), when there is one.
    public var field: String?
    /// One entry per bad field, for multi-field validation.
    public var details: [Detail]?
    /// With `resource_exhausted`: whole seconds to wait before trying again, when the server knows.
    public var retryAfterSeconds: Int?

    /// Creates a wire error.
    public init(
        _ code: Code,
        _ message: String,
        field: String? = nil,
        details: [Detail]? = nil,
        retryAfterSeconds: Int? = nil
    ) {
        self.code = code
        self.message = message
        self.field = field
        self.details = details
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// One field's problem in a multi-field validation error.
    public struct Detail: Codable, Sendable, Hashable {
        public var field: String
        public var code: Code
        public var message: String

        public init(field: String, code: Code, message: String) {
            self.field = field
            self.code = code
            self.message = message
        }
    }
}

extension WireError {
    /// An extensible error code; the static members are the codes API.md defines.
    public struct Code: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let invalidArgument = Code(rawValue: "invalid_argument")
        public static let malformedRequest = Code(rawValue: "malformed_request")
        public static let unknownOp = Code(rawValue: "unknown_op")
        public static let unknownService = Code(rawValue: "unknown_service")
        public static let notFound = Code(rawValue: "not_found")
        public static let alreadyExists = Code(rawValue: "already_exists")
        public static let conflict = Code(rawValue: "conflict")
        public static let failedPrecondition = Code(rawValue: "failed_precondition")
        public static let unauthenticated = Code(rawValue: "unauthenticated")
        public static let permissionDenied = Code(rawValue: "permission_denied")
        public static let resourceExhausted = Code(rawValue: "resource_exhausted")
        public static let unavailable = Code(rawValue: "unavailable")
        public static let deadlineExceeded = Code(rawValue: "deadline_exceeded")
        public static let `internal` = Code(rawValue: "internal")
    }
}

/// An error that knows how it is told to a client. Domain errors conform so the service layer can answer them
/// with a typed reply instead of `internal`.
public protocol WireErrorConvertible: Error {
    /// The reply error for this error.
    var wireError: WireError { get }
}

extension WireError: WireErrorConvertible {
    public var wireError: WireError { self }
}

extension WireError.Detail: JSONSchemaEntity {
    /// One field's problem, the same entity wherever an op reports one.
    public static var schemaName: String { "FieldError" }
}
