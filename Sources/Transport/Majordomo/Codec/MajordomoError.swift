/// A message that does not follow the Majordomo protocol.
public struct MajordomoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public let code: Code
    /// Details for logs.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }

    /// The kinds of protocol violation, extensible.
    public struct Code: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Fewer frames than the command needs.
        public static let tooFewFrames = Code(rawValue: "too_few_frames")
        /// The first frame is no known protocol header.
        public static let unknownProtocol = Code(rawValue: "unknown_protocol")
        /// The command byte is missing, longer than a byte, or unknown.
        public static let unknownCommand = Code(rawValue: "unknown_command")
        /// A service name is empty, too long or not UTF-8.
        public static let badServiceName = Code(rawValue: "bad_service_name")
        /// The empty delimiter frame after a client address is missing.
        public static let missingDelimiter = Code(rawValue: "missing_delimiter")
        /// A message was over the owner's size or frame limit.
        public static let tooLarge = Code(rawValue: "too_large")
        /// A READY named a new service while the broker already had as many as it allows.
        public static let tooManyServices = Code(rawValue: "too_many_services")
        /// A worker asked to serve a service its credentials do not allow.
        public static let serviceForbidden = Code(rawValue: "service_forbidden")
        /// A worker was taken out of rotation for letting requests pass their deadline (``OutlierEjection``).
        public static let workerEjected = Code(rawValue: "worker_ejected")
    }
}
