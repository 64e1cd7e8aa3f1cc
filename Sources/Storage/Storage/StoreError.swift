/// What a store found instead of the row it was asked for: an answer from a query that ran, never a fault of the
/// database (those are ``StorageError``). Stores throw it; the op layer tells it to clients (StoredOps'
/// `StoreError+Wire.swift`), so a dropped connection is never mistaken for a missing row.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// What the store found; extensible.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable {
            case notFound, staleVersion, alreadyExists, wrongState
        }
        private let base: Base
        public var description: String { base.rawValue }

        /// No such row, or none the caller may see.
        public static let notFound = Code(base: .notFound)
        /// The row changed since the version the caller read.
        public static let staleVersion = Code(base: .staleVersion)
        /// A row with that key exists already.
        public static let alreadyExists = Code(base: .alreadyExists)
        /// The row is in a state that refuses the change (ordered, expired, no longer pending).
        public static let wrongState = Code(base: .wrongState)
    }

    public var code: Code
    /// A sentence for a person.
    public var message: String
    /// The argument that named the row at fault (`eventId`, `version`), when there is one.
    public var field: String?
    public var file: String
    public var line: Int

    public init(_ code: Code, _ message: String, field: String? = nil, file: String = #fileID, line: Int = #line) {
        self.code = code
        self.message = message
        self.field = field
        self.file = file
        self.line = line
    }

    public var description: String {
        "StoreError(\(code)): \(message)" + (field.map { " at \($0)" } ?? "")
    }
}

extension StoreError {
    /// No `entity` called `id` ("no event e_1"), at `field`.
    public static func notFound(
        _ entity: String,
        _ id: String,
        field: String?,
        file: String = #fileID,
        line: Int = #line
    ) -> StoreError {
        StoreError(.notFound, "no \(entity) \(id)", field: field, file: file, line: line)
    }

    /// `entity` `id` changed since `version` ("since that version" when the caller gave none), at `version`.
    public static func staleVersion(
        _ entity: String,
        _ id: String,
        since version: Int?,
        file: String = #fileID,
        line: Int = #line
    ) -> StoreError {
        let since = version.map { "version \($0)" } ?? "that version"
        let message = "\(entity) \(id) changed since \(since)"
        return StoreError(.staleVersion, message, field: "version", file: file, line: line)
    }
}
