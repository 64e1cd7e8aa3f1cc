/// What went wrong in the storage layer, in terms a service can answer on the wire.
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure; extensible.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable {
            case unavailable, uniqueViolation, serializationFailure, lostRace, decoding, misuse, engine
        }
        private let base: Base
        public var description: String { base.rawValue }

        /// The database cannot be reached (down, restarting, connection lost, pool closed, file locked too long).
        public static let unavailable = Code(base: .unavailable)
        /// A unique or primary-key constraint refused the write.
        public static let uniqueViolation = Code(base: .uniqueViolation)
        /// The engine aborted the transaction to keep it serializable (or broke a deadlock); running it again
        /// may succeed.
        public static let serializationFailure = Code(base: .serializationFailure)
        /// A batched write found that another writer changed a row it had read (a version check failed): run as a
        /// transaction that locks what it reads, it will not race (``Database/batchedWrite(_:)``).
        public static let lostRace = Code(base: .lostRace)
        /// A row did not have the column or type the code expected.
        public static let decoding = Code(base: .decoding)
        /// The storage API was used wrongly (an executor used outside its transaction, a newer schema).
        public static let misuse = Code(base: .misuse)
        /// Any other error the engine reported (bad SQL, a constraint other than unique).
        public static let engine = Code(base: .engine)
    }

    public var code: Code
    public var message: String
    /// The driver's own error, when there is one.
    public var underlying: (any Error)?
    public var file: String
    public var line: Int

    public init(
        _ code: Code,
        _ message: String,
        underlying: (any Error)? = nil,
        file: String = #fileID,
        line: Int = #line
    ) {
        self.code = code
        self.message = message
        self.underlying = underlying
        self.file = file
        self.line = line
    }

    public var description: String {
        "StorageError(\(code)): \(message)" + (underlying.map { " (\($0))" } ?? "")
    }
}
